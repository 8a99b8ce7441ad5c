package dev.gabysql.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolSelectionTest {
    @Test
    void nothingConfiguredMeansEveryTool() {
        assertThat(names(ToolSelection.parse(null), true)).isEqualTo(Tools.NAMES);
        assertThat(names(ToolSelection.parse(List.of("all")), true)).isEqualTo(Tools.NAMES);
    }

    @Test
    void minimalIsOneSchemaToolAndOneReadTool() {
        assertThat(names(ToolSelection.parse(List.of("minimal")), true))
                .containsExactly("gabysql_describe_database", "gabysql_query");
    }

    @Test
    void namesAndPresetsCombineAsTheirUnionInTheListsOrder() {
        ToolSelection s = ToolSelection.parse(List.of(" explain", "MINIMAL", "gabysql_query", ""));
        assertThat(names(s, true)).containsExactly("gabysql_describe_database", "gabysql_query", "gabysql_explain");
        assertThat(names(ToolSelection.parse(List.of("minimal", "all")), false)).isEqualTo(Tools.NAMES.subList(0, 7));
    }

    /** The integrity check became gabysql_health's report integrity (issue 26): a list naming it still starts. */
    @Test
    void theFormerIntegrityCheckToolNamesTheHealthTool() {
        assertThat(names(ToolSelection.parse(List.of("integrity_check")), false))
                .containsExactly("gabysql_health");
        assertThat(names(ToolSelection.parse(List.of("gabysql_integrity_check", "query")), false))
                .containsExactly("gabysql_query", "gabysql_health");
    }

    @Test
    void executeIsListedOnlyWhereWritesArePossible() {
        ToolSelection s = ToolSelection.parse(List.of("execute", "query"));
        assertThat(names(s, true)).containsExactly("gabysql_query", "gabysql_execute");
        assertThat(names(s, false)).containsExactly("gabysql_query");
    }

    @Test
    void anUnknownNameIsAConfigurationErrorListingTheValidOnes() {
        assertThatThrownBy(() -> ToolSelection.parse(List.of("query", "gabysql_drop")))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                    assertThat(e.getMessage())
                            .contains("`gabysql_drop`")
                            .contains(String.join(", ", Tools.NAMES) + ", minimal, all.");
                    assertThat(e.hint()).contains("--tools minimal");
                });
    }

    @Test
    void aListOfNoToolIsAConfigurationError() {
        for (List<String> empty : List.of(List.<String>of(), List.of("", " "))) {
            assertThatThrownBy(() -> ToolSelection.parse(empty))
                    .isInstanceOfSatisfying(
                            GabyException.class,
                            e -> assertThat(e.getMessage()).startsWith("The tool list names no tool."));
        }
    }

    @Test
    void theInstructionsNameOnlyListedTools() {
        String minimal = Instructions.text(true, ToolSelection.parse(List.of("minimal")));
        assertThat(minimal).doesNotContain("gabysql_list_databases", "gabysql_search", "gabysql_execute");
        assertThat(minimal).contains("gabysql_describe_database", "read-only");
        assertThat(Instructions.text(true)).contains("gabysql_list_databases", "gabysql_execute");
        assertThat(Instructions.text(false)).doesNotContain("gabysql_execute").contains("read-only");
    }

    private static List<String> names(ToolSelection s, boolean writes) {
        return Tools.of(writes, s).stream().map(t -> t.definition().name()).toList();
    }
}
