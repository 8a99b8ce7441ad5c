package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.service.GuardSplitter;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.jline.reader.Candidate;
import org.jline.reader.Parser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion against a real SQLite schema read through the service. */
class SqlCompleterTest {
    @TempDir
    Path dir;

    private LocalGabyService service;
    private SqlCompleter completer;

    @BeforeEach
    void setUp() {
        Path file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT)",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),"
                        + " total NUMERIC)");
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.sqlite("shop", file), DatabaseConfig.sqlite("other", file))),
                Settings.DEFAULT);
        completer = new SqlCompleter(new CatalogNames(service), () -> "shop", () -> List.of("shop", "other"));
    }

    @AfterEach
    void tearDown() {
        service.close();
    }

    @Test
    void keywordsFollowTheTypedCase() {
        assertThat(complete("sel")).contains("select").doesNotContain("SELECT");
        assertThat(complete("SEL")).contains("SELECT");
    }

    @Test
    void afterFromOnlyTablesAreOffered() {
        assertThat(complete("SELECT * FROM ")).containsExactlyInAnyOrder("customers", "orders");
    }

    @Test
    void anAliasCompletesItsTablesColumns() {
        assertThat(complete("SELECT o. FROM orders o", 9))
                .containsExactlyInAnyOrder("o.id", "o.customer_id", "o.total");
        assertThat(complete("SELECT customers.na")).contains("customers.name");
    }

    @Test
    void columnsOfTheTablesTheStatementNamesAreOffered() {
        List<String> got = complete("SELECT  FROM customers", 7);
        assertThat(got).contains("city", "name").doesNotContain("total");
    }

    @Test
    void backslashCommandsAndTheirArguments() {
        assertThat(complete("\\d")).contains("\\d", "\\dt", "\\dv");
        assertThat(complete("\\d ")).containsExactlyInAnyOrder("customers", "orders");
        assertThat(complete("\\c ")).containsExactly("shop", "other");
    }

    private List<String> complete(String line) {
        return complete(line, line.length());
    }

    private List<String> complete(String line, int cursor) {
        List<Candidate> out = new ArrayList<>();
        completer.complete(
                null,
                new SqlLineParser(() -> new GuardSplitter(SqlFlavor.SQLITE))
                        .parse(line, cursor, Parser.ParseContext.COMPLETE),
                out);
        return out.stream().map(Candidate::value).collect(Collectors.toList());
    }
}
