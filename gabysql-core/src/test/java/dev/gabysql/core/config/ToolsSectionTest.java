package dev.gabysql.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code [[tools]]} of gabysql.toml (docs/configuration.md#curated-tools): what is read, and what stops the start. */
class ToolsSectionTest {
    static final String TOOL = String.join(
            "\n",
            "[[tools]]",
            "name = \"orders_of_customer\"",
            "description = \"The orders of one customer\"",
            "database = \"shop\"",
            "sql = \"SELECT * FROM orders WHERE customer_id = :customer_id AND status = :status LIMIT :n\"",
            "[[tools.params]]",
            "name = \"customer_id\"",
            "type = \"integer\"",
            "minimum = 1",
            "[[tools.params]]",
            "name = \"status\"",
            "type = \"string\"",
            "enum = [\"open\", \"shipped\"]",
            "default = \"open\"",
            "[[tools.params]]",
            "name = \"n\"",
            "type = \"integer\"",
            "required = false",
            "maximum = 100",
            "");

    @TempDir
    Path dir;

    ConfigFile.Config load(String toml) throws IOException {
        Path f = dir.resolve("gabysql.toml");
        Files.writeString(f, toml);
        return ConfigFile.load(f, Map.<String, String>of()::get);
    }

    @Test
    void readsAToolWithTypedParameters() throws IOException {
        CuratedTool t = load(TOOL).tools().get(0);
        assertThat(t.name()).isEqualTo("orders_of_customer");
        assertThat(t.db()).isEqualTo("shop");
        assertThat(t.access()).isEqualTo(CuratedTool.Access.READ);
        assertThat(t.where()).isEqualTo("tools[0]");
        assertThat(t.params())
                .extracting(CuratedParam::name, CuratedParam::type, CuratedParam::required)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("customer_id", ParamType.INTEGER, true),
                        org.assertj.core.groups.Tuple.tuple("status", ParamType.STRING, false),
                        org.assertj.core.groups.Tuple.tuple("n", ParamType.INTEGER, false));
        assertThat(t.param("customer_id").minimum()).isEqualTo(BigDecimal.ONE);
        assertThat(t.param("status").allowed()).containsExactly("open", "shipped");
        assertThat(t.param("status").defaultValue()).isEqualTo("open");
        assertThat(t.param("status").accept("t", null)).isEqualTo("open");
        assertThat(t.param("n").accept("t", null)).isNull();
    }

    @Test
    void aFileWithoutToolsHasNone() throws IOException {
        assertThat(load("[server]\nmode = \"readonly\"\n").tools()).isEmpty();
    }

    @Test
    void wrongDeclarationsStopTheStartNamingTheKey() {
        refused(TOOL.replace("orders_of_customer", "gabysql_query"), "`tools[0].name` = `gabysql_query` cannot");
        refused(TOOL.replace("orders_of_customer", "minimal"), "cannot name a curated tool");
        refused(TOOL.replace("orders_of_customer", "Orders"), "cannot name a curated tool");
        refused(TOOL.replace("type = \"integer\"\nminimum", "type = \"int\"\nminimum"), "`tools[0].params[0].type`");
        refused(TOOL.replace("minimum = 1", "max_length = 3"), "`tools[0].params[0].max_length`");
        refused(TOOL.replace("default = \"open\"", "default = \"lost\""), "`tools[0].params[1].default`");
        refused(TOOL.replace("enum = [\"open\", \"shipped\"]", "enum = [1, 2]"), "`tools[0].params[1].enum`");
        refused(TOOL.replace("database = \"shop\"\n", ""), "`tools[0].database` is required");
        refused(TOOL.replace("name = \"n\"", "name = \"confirm_token\""), "cannot name a parameter");
        refused(TOOL + "color = 1\n", "Unknown key `tools[0].params[2].color`");
        refused(TOOL + TOOL, "`tools[1].name` = `orders_of_customer` names another tool too");
        refused(TOOL.replace("database = \"shop\"", "database = \"shop\"\naccess = \"delete\""), "read or write");
    }

    void refused(String toml, String message) {
        assertThatThrownBy(() -> load(toml))
                .isInstanceOf(GabyException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID));
    }

    @Test
    void valuesAreCheckedAgainstTheirDeclaration() throws IOException {
        CuratedParam n = load(TOOL).tools().get(0).param("n");
        assertThat(n.accept("t", 5)).isEqualTo(5L);
        assertThat(n.accept("t", 5.0)).isEqualTo(5L);
        assertThat(n.acceptText("t", "7")).isEqualTo(7L);
        for (Object bad : List.of("5", 5.5, 101, true)) {
            assertThatThrownBy(() -> n.accept("t", bad)).hasMessageContaining("Parameter `n` of tool `t`");
        }
        assertThatThrownBy(() -> n.acceptText("t", "five"))
                .hasMessage("Parameter `n` of tool `t` must be an integer, got `five`. Nothing was run.");
    }
}
