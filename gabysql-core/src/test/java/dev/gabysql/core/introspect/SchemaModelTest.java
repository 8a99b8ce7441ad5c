package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Comments and definitions are text of any length: the model keeps {@value SchemaModel#MAX_COMMENT_CHARS}
 * characters of each comment and {@value SchemaModel#MAX_DEFINITION_CHARS} of each definition, saying how many it
 * left out (300 column comments of 10,000 characters made one describe_table answer of 3 million characters).
 */
final class SchemaModelTest {
    private static final String LONG = "d".repeat(10_000);

    @Test
    void longCommentsAreCutWithAMarkerAndShortOnesKept() {
        SchemaModel.Column column = new SchemaModel.Column("c", "text", true, null, null, null, null, LONG);
        assertThat(column.comment())
                .isEqualTo("d".repeat(SchemaModel.MAX_COMMENT_CHARS) + "…[+" + (10_000 - SchemaModel.MAX_COMMENT_CHARS)
                        + " chars]");
        SchemaModel.Table table =
                new TableBuilder("public", "t", "table").comment(LONG).build();
        assertThat(table.comment()).startsWith("ddd").endsWith(" chars]").hasSizeLessThan(400);
        SchemaModel.Routine routine =
                new SchemaModel.Routine("public", "f", "function", "", "int", "sql", "SELECT 1", LONG);
        assertThat(routine.comment()).hasSizeLessThan(400);
        assertThat(new SchemaModel.Column("c", "text", true, null, null, null, null, "short").comment())
                .isEqualTo("short");
        assertThat(new SchemaModel.Column("c", "text", true, null).comment()).isNull();
    }

    @Test
    void longDefinitionsAreCutWithAMarker() {
        String huge = "x".repeat(100_000);
        SchemaModel.Table view =
                new TableBuilder("public", "v", "view").definition(huge).build();
        assertThat(view.definition())
                .hasSize(SchemaModel.MAX_DEFINITION_CHARS + "…[+80000 chars]".length())
                .endsWith("…[+80000 chars]");
        SchemaModel.Routine routine = new SchemaModel.Routine("public", "f", "function", "", "int", "sql", huge, null);
        assertThat(routine.source()).endsWith("…[+80000 chars]");
        SchemaModel.Trigger trigger =
                new SchemaModel.Trigger("t", "BEFORE", java.util.List.of("INSERT"), "ROW", null, "f", huge, huge, true);
        assertThat(trigger.body()).endsWith("…[+80000 chars]");
        assertThat(trigger.definition()).endsWith("…[+80000 chars]");
        assertThat(new TableBuilder("public", "v", "view")
                        .definition("SELECT 1")
                        .build()
                        .definition())
                .isEqualTo("SELECT 1");
    }
}
