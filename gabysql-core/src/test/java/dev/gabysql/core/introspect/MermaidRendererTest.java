package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import java.util.List;
import org.junit.jupiter.api.Test;

class MermaidRendererTest {

    /** Names Mermaid's grammar trips over, in every position a name can take. */
    static SchemaModel awkward() {
        SchemaModelBuilder b = new SchemaModelBuilder("postgresql");
        b.table("public", Fixtures.HOSTILE, "table")
                .primaryKey(List.of("id"))
                .column(new Column("id", "integer", false, null))
                .column(new Column("weird \"col\"", "character varying(20)[]", true, null))
                .column(new Column("1st", "timestamp with time zone", true, null))
                .column(new Column("pk", "numeric(12,2)", true, null))
                .column(new Column("%%", null, true, null))
                .column(new Column("größe", "text", true, null));
        b.table("public", "100% \"quoted\" \\ name", "table")
                .primaryKey(List.of("id"))
                .column(new Column("id", "integer", false, null))
                .column(new Column("parent_id", "integer", false, null))
                .column(new Column("owner", "integer", true, null))
                .constraint(new Constraint(null, "unique", List.of("owner"), null));
        b.table("public", "line\nbreak", "table")
                .column(new Column("a", "int", false, null))
                .column(new Column("b", "int", false, null))
                .primaryKey(List.of("a", "b"));
        b.table("other", "style", "table").column(new Column("end", "int", true, null));
        b.table("public", "v", "view").column(new Column("x", "int", true, null));
        b.foreignKey(new ForeignKey(
                "f1",
                "public",
                "100% \"quoted\" \\ name",
                List.of("parent_id"),
                "public",
                Fixtures.HOSTILE,
                List.of("id"),
                null,
                null));
        b.foreignKey(new ForeignKey(
                "f2",
                "public",
                "100% \"quoted\" \\ name",
                List.of("owner"),
                "public",
                "100% \"quoted\" \\ name",
                List.of("id"),
                null,
                null));
        b.foreignKey(new ForeignKey(
                "f3", "public", "line\nbreak", List.of("a"), "public", Fixtures.HOSTILE, List.of("id"), null, null));
        b.foreignKey(new ForeignKey(
                "f4", "other", "style", List.of("end"), "public", "line\nbreak", List.of("a"), null, null));
        return b.build();
    }

    @Test
    void entityNamesAreQuotedWithForbiddenCharactersReplaced() {
        String d = MermaidRenderer.render(awkward()).text();
        assertThat(d)
                .startsWith("erDiagram\n")
                .contains(
                        "  \"x'; DROP TABLE y; --\" {",
                        "  \"100_ _quoted_ _ name\" {",
                        "  \"line_break\" {",
                        "  \"other.style\" {");
        assertThat(d).doesNotContain("\"v\"");
    }

    @Test
    void attributesAreWordsAndKeepTheirRealNameAsComment() {
        String d = MermaidRenderer.render(awkward()).text();
        assertThat(d)
                .contains(
                        "    integer id PK\n",
                        "    character_varying_20 weird_col \"weird _col_\"",
                        "    timestamp_with_time_zone _1st \"1st\"",
                        "    numeric_12_2 pk_ \"pk\"",
                        "    any _x \"__\"",
                        "    text größe\n");
    }

    @Test
    void cardinalitySaysHowManyAndWhetherRequired() {
        String d = MermaidRenderer.render(awkward()).text();
        assertThat(d)
                .contains(
                        "\"100_ _quoted_ _ name\" }o..|| \"x'; DROP TABLE y; --\" : \"parent_id\"",
                        "\"100_ _quoted_ _ name\" |o..o| \"100_ _quoted_ _ name\" : \"owner\"",
                        "\"line_break\" }o--|| \"x'; DROP TABLE y; --\" : \"a\"",
                        "\"other.style\" }o..o| \"line_break\" : \"end\"");
    }

    @Test
    void wordsNeverStartWithADigitOrLookLikeKeys() {
        assertThat(MermaidRenderer.word("2fa", "_")).isEqualTo("_2fa");
        assertThat(MermaidRenderer.word("FK", "_")).isEqualTo("FK_");
        assertThat(MermaidRenderer.word("a--b", "_")).isEqualTo("a_b");
        assertThat(MermaidRenderer.quotable("a\"b%c\\d\te")).isEqualTo("a_b_c_d_e");
    }
}
