package dev.gabysql.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Tool arguments are read strictly, with gabysql's own codes and a hint naming what to pass. */
final class ArgsTest {
    private static final Set<String> KNOWN = Set.of("db", "sql", "params", "max_rows", "tables", "detail", "flag");

    @Test
    void readsWellFormedArguments() {
        Args a = Args.of(
                Map.of(
                        "db",
                        "shop",
                        "sql",
                        "SELECT 1",
                        "params",
                        List.of(1, "x", true),
                        "max_rows",
                        10.0,
                        "tables",
                        "orders",
                        "flag",
                        true),
                KNOWN);
        assertThat(a.requireString("db")).isEqualTo("shop");
        assertThat(a.sql()).isEqualTo("SELECT 1");
        assertThat(a.optionalParams("params")).containsExactly(1, "x", true);
        assertThat(a.optionalInt("max_rows", 1)).isEqualTo(10);
        assertThat(a.optionalStrings("tables")).containsExactly("orders");
        assertThat(a.optionalBoolean("flag")).isTrue();
        assertThat(a.optionalChoice("detail", "summary", List.of("names", "summary")))
                .isEqualTo("summary");
    }

    @Test
    void nullArgumentsAreAnEmptyCallAndExplicitNullsMeanAbsent() {
        Map<String, Object> m = new HashMap<>();
        m.put("params", null);
        m.put("max_rows", null);
        Args a = Args.of(m, KNOWN);
        assertThat(a.optionalParams("params")).isEmpty();
        assertThat(a.optionalInt("max_rows", 1)).isNull();
        assertThat(Args.of(null, Set.of()).optionalBoolean("flag")).isFalse();
    }

    @Test
    void hugeRowCountIsClampedNotRefused() {
        assertThat(Args.of(Map.of("max_rows", 1e12), KNOWN).optionalInt("max_rows", 1))
                .isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void refusesWhatIsMissingMistypedOrUnknown() {
        assertRefused(() -> Args.of(Map.of("query", "x"), KNOWN), ErrorCode.BAD_REQUEST, "`query`");
        assertRefused(() -> Args.of(Map.of("db", 3), KNOWN).requireString("db"), ErrorCode.BAD_REQUEST, "string");
        assertRefused(() -> Args.of(Map.of(), KNOWN).requireString("db"), ErrorCode.BAD_REQUEST, "Missing");
        assertRefused(() -> Args.of(Map.of("sql", " "), KNOWN).sql(), ErrorCode.EMPTY_SQL, "empty");
        assertRefused(
                () -> Args.of(Map.of("max_rows", 1.5), KNOWN).optionalInt("max_rows", 1),
                ErrorCode.BAD_REQUEST,
                "integer");
        assertRefused(
                () -> Args.of(Map.of("max_rows", 0), KNOWN).optionalInt("max_rows", 1),
                ErrorCode.BAD_REQUEST,
                "at least 1");
        assertRefused(
                () -> Args.of(Map.of("params", List.of(List.of(1))), KNOWN).optionalParams("params"),
                ErrorCode.BAD_REQUEST,
                "scalar");
        assertRefused(
                () -> Args.of(Map.of("params", "1"), KNOWN).optionalParams("params"), ErrorCode.BAD_REQUEST, "list");
        assertRefused(
                () -> Args.of(Map.of("tables", List.of(1)), KNOWN).optionalStrings("tables"),
                ErrorCode.BAD_REQUEST,
                "strings");
        assertRefused(
                () -> Args.of(Map.of("flag", "yes"), KNOWN).optionalBoolean("flag"),
                ErrorCode.BAD_REQUEST,
                "true or false");
        assertRefused(
                () -> Args.of(Map.of("detail", "all"), KNOWN)
                        .optionalChoice("detail", "summary", List.of("names", "summary")),
                ErrorCode.BAD_REQUEST,
                "names, summary");
    }

    private static void assertRefused(Runnable r, ErrorCode code, String messagePart) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage() + " " + e.hint()).contains(messagePart);
            assertThat(e.hint()).isNotBlank();
        });
    }
}
