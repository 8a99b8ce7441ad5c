package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.QueryResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

class FittedTableTest {
    private final CellText utf8 = new CellText(StandardCharsets.UTF_8);

    @Test
    void aNarrowResultIsAlignedWithNumbersRightAndNullMarked() {
        List<String> lines = text(new FittedTable(utf8)
                .render(result(List.of("id", "name"), row(1, "Ana"), row(10, null), row(2, "")), 80));
        assertThat(lines).containsExactly(" id | name", "----+------", "  1 | Ana", " 10 | ∅", "  2 | ", "(3 rows)");
    }

    @Test
    void anAsciiTerminalShowsNullAsNull() {
        List<String> lines = text(new FittedTable(new CellText(StandardCharsets.US_ASCII))
                .render(result(List.of("v"), row((Object) null)), 80));
        assertThat(lines.get(2)).isEqualTo(" NULL");
    }

    @Test
    void aWideResultIsCutToTheTerminalWidth() {
        String longText = "x".repeat(200);
        List<String> lines = text(
                new FittedTable(utf8).render(result(List.of("id", "body", "note"), row(1, longText, "short")), 60));
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThan(60));
        assertThat(lines.get(2)).startsWith("  1 | xxx").contains("…").endsWith("| short");
        assertThat(new FittedTable(utf8).fits(result(List.of("body"), row(longText)), 60))
                .isFalse();
    }

    @Test
    void fittingNarrowsOnlyTheWidestColumns() {
        assertThat(FittedTable.fit(new int[] {3, 50, 40}, 60)).containsExactly(3, 28, 28);
        assertThat(FittedTable.fit(new int[] {3, 5}, 60)).containsExactly(3, 5);
        assertThat(FittedTable.fit(new int[] {30, 30, 30}, 3)).containsExactly(4, 4, 4);
    }

    @Test
    void controlCharactersFromTheDatabaseCannotDriveTheTerminal() {
        List<String> lines =
                text(new FittedTable(utf8).render(result(List.of("v"), row("a\u001b]0;pwned\u0007b\nc\td")), 80));
        assertThat(lines.get(2)).isEqualTo(" a\\x1b]0;pwned\\x07b\\nc\\td");
    }

    @Test
    void expandedRecordsWrapLongValues() {
        List<String> lines =
                text(new ExpandedRecords(utf8).render(result(List.of("id", "body"), row(1, "y".repeat(30))), 24));
        assertThat(lines)
                .containsExactly(
                        "-[ RECORD 1 ]----------",
                        "id   | 1",
                        "body | yyyyyyyyyyyyyyyy",
                        "     | yyyyyyyyyyyyyy",
                        "(1 row)");
    }

    static QueryResult result(List<String> names, List<Object>... rows) {
        return new QueryResult(
                names.stream().map(n -> new QueryResult.Column(n, "text")).collect(Collectors.toList()),
                Arrays.asList(rows),
                false,
                null,
                0);
    }

    static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    static List<String> text(List<AttributedString> lines) {
        return lines.stream().map(AttributedString::toString).collect(Collectors.toList());
    }
}
