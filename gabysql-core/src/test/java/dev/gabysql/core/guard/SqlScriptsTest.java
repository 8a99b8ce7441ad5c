package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tables of {@code script → statements} and {@code typed text → complete?} per flavour (pg, sqlite, maria,
 * generic, all). In the SQL, ⏎ stands for a newline.
 */
class SqlScriptsTest {
    private static final String SQLITE_TRIGGER =
            "CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); INSERT INTO b VALUES (2); END";

    record Split(SqlFlavor flavor, String script, List<String> statements) {
        @Override
        public String toString() {
            return flavor.name().toLowerCase(Locale.ROOT) + ": " + script.replace("\n", "⏎");
        }
    }

    record Completeness(SqlFlavor flavor, String text, boolean complete) {
        @Override
        public String toString() {
            return flavor.name().toLowerCase(Locale.ROOT) + ": " + text.replace("\n", "⏎") + " → " + complete;
        }
    }

    static Stream<Split> splits() {
        return Stream.of(
                        // semicolons outside quotes, comments and dollar quotes
                        split(
                                "pg",
                                "SELECT 'a;b';⏎SELECT \"x;y\" FROM t; -- c;d⏎SELECT $f$ ; $f$; /* ; */ SELECT 4",
                                "SELECT 'a;b'",
                                "SELECT \"x;y\" FROM t",
                                "SELECT $f$ ; $f$",
                                "SELECT 4"),
                        // pieces of only comments, such as a trailing comment, are dropped
                        split("all", "SELECT 1; -- the end⏎", "SELECT 1"),
                        split("all", "/* nothing */ ;  ;"),
                        // the comments above a statement are not part of it
                        split(
                                "all",
                                "-- totals⏎/* by city */⏎SELECT city -- inline⏎FROM t;",
                                "SELECT city -- inline⏎FROM t"),
                        split("all", "/* never closed SELECT 1", "/* never closed SELECT 1"),
                        // positional parameters are not dollar quotes
                        split("all", "SELECT $1; SELECT 2", "SELECT $1", "SELECT 2"),
                        // a SQLite trigger's BEGIN … END body holds semicolons of its own (issue 20)
                        split("sqlite", SQLITE_TRIGGER + "; SELECT 1;", SQLITE_TRIGGER, "SELECT 1"),
                        split(
                                "sqlite",
                                "CREATE TEMP TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = CASE WHEN n > 1 THEN 1"
                                        + " ELSE 2 END; END; SELECT 2",
                                "CREATE TEMP TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = CASE WHEN n > 1 THEN 1"
                                        + " ELSE 2 END; END",
                                "SELECT 2"),
                        // a MariaDB string with a backslash-escaped quote stays whole (issue 20)
                        split(
                                "maria",
                                "INSERT INTO t VALUES ('it\\'s; ok'); SELECT 1;",
                                "INSERT INTO t VALUES ('it\\'s; ok')",
                                "SELECT 1"),
                        // …where PostgreSQL's standard strings end at the quote after the backslash
                        split(
                                "pg",
                                "INSERT INTO t VALUES ('it\\'s; ok'); SELECT 1;",
                                "INSERT INTO t VALUES ('it\\'s",
                                "ok'); SELECT 1;"),
                        split("pg", "SELECT E'it\\'s; ok'; SELECT 2", "SELECT E'it\\'s; ok'", "SELECT 2"),
                        split("maria", "SELECT \"a;b\"; SELECT `c;d`", "SELECT \"a;b\"", "SELECT `c;d`"),
                        split("sqlite", "SELECT [a;b] FROM t; SELECT 2", "SELECT [a;b] FROM t", "SELECT 2"),
                        split("maria", "# a; hash comment⏎SELECT 1;", "SELECT 1"),
                        // an executable comment is code to MariaDB, a comment elsewhere
                        split(
                                "maria",
                                "/*!40101 SET NAMES utf8 */;⏎SELECT 1;",
                                "/*!40101 SET NAMES utf8 */",
                                "SELECT 1"),
                        split("pg,sqlite", "/*!40101 SET NAMES utf8 */;⏎SELECT 1;", "SELECT 1"),
                        // nested comments: PostgreSQL nests them, SQLite does not
                        split("pg", "/* a /* b; */ c; */ SELECT 1;", "SELECT 1"),
                        split("sqlite", "/* a /* b; */ c; */ SELECT 1;", "c", "*/ SELECT 1"),
                        // compound bodies are kept whole (the guard then refuses them), so none of their
                        // statements runs alone
                        split(
                                "maria",
                                "CREATE PROCEDURE p() BEGIN SELECT 1; IF x THEN SELECT 2; END IF; END; SELECT 3;",
                                "CREATE PROCEDURE p() BEGIN SELECT 1; IF x THEN SELECT 2; END IF; END",
                                "SELECT 3"),
                        split(
                                "maria",
                                "CREATE DEFINER = `u`@`%` TRIGGER tr AFTER INSERT ON a FOR EACH ROW BEGIN"
                                        + " INSERT INTO b VALUES (1); END; SELECT 2",
                                "CREATE DEFINER = `u`@`%` TRIGGER tr AFTER INSERT ON a FOR EACH ROW BEGIN"
                                        + " INSERT INTO b VALUES (1); END",
                                "SELECT 2"),
                        split(
                                "maria",
                                "CREATE TRIGGER tr BEFORE INSERT ON a FOR EACH ROW SET NEW.x = 1; SELECT 2;",
                                "CREATE TRIGGER tr BEFORE INSERT ON a FOR EACH ROW SET NEW.x = 1",
                                "SELECT 2"),
                        split(
                                "maria",
                                "BEGIN NOT ATOMIC SELECT 1; SELECT 2; END; SELECT 3",
                                "BEGIN NOT ATOMIC SELECT 1; SELECT 2; END",
                                "SELECT 3"),
                        split(
                                "pg",
                                "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END; SELECT 2",
                                "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END",
                                "SELECT 2"),
                        // elsewhere BEGIN is a transaction's, and CREATE TABLE has no body
                        split("all", "BEGIN; SELECT 1; END;", "BEGIN", "SELECT 1", "END"),
                        split(
                                "maria",
                                "CREATE TABLE event (id INT); SELECT 1",
                                "CREATE TABLE event (id INT)",
                                "SELECT 1"),
                        // what the guard would refuse does not stop the splitting
                        split("generic", "SELECT `x;y`; SELECT 2", "SELECT `x", "y`", "SELECT 2"),
                        split("pg", "SELECT 1 \\gset; SELECT 2", "SELECT 1 \\gset", "SELECT 2"))
                .flatMap(s -> s);
    }

    static Stream<Completeness> completeness() {
        return Stream.of(
                        complete("all", "SELECT 1;", true),
                        complete("all", "SELECT 1", false),
                        complete("all", "SELECT 1;  ", true),
                        complete("all", "SELECT 1; -- done", true),
                        complete("all", "SELECT 1; SELECT", false),
                        complete("all", "SELECT ';'", false),
                        complete("all", "SELECT 'open;", false),
                        complete("pg", "SELECT $$ ; ", false),
                        complete("all", "SELECT 1 /* ; */", false),
                        complete("all", "SELECT 1; /* open", false),
                        complete("all", "-- only a comment", true),
                        complete("all", "", true),
                        complete("sqlite", "CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1);", false),
                        complete("sqlite", SQLITE_TRIGGER + ";", true),
                        complete("maria", "SELECT 'it\\'s;", false),
                        complete("pg,sqlite", "SELECT 'it\\'s;", true))
                .flatMap(s -> s);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("splits")
    void splitsAScriptIntoItsStatements(Split c) {
        assertThat(SqlScripts.split(c.script(), c.flavor())).containsExactlyElementsOf(c.statements());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("completeness")
    void aTextIsCompleteOnlyAtASemicolonThatIsCode(Completeness c) {
        assertThat(SqlScripts.isComplete(c.text(), c.flavor())).isEqualTo(c.complete());
    }

    @ParameterizedTest
    @MethodSource("flavors")
    void endsInsideQuoteOnlyInAQuoteOrCommentLeftOpen(SqlFlavor flavor) {
        assertThat(SqlScripts.endsInsideQuote("SELECT 'a", flavor)).isTrue();
        assertThat(SqlScripts.endsInsideQuote("SELECT 1 /* a", flavor)).isTrue();
        assertThat(SqlScripts.endsInsideQuote("SELECT 'a'", flavor)).isFalse();
        assertThat(SqlScripts.endsInsideQuote("SELECT 1 -- a", flavor)).isFalse();
    }

    static Stream<SqlFlavor> flavors() {
        return Stream.of(SqlFlavor.values());
    }

    private static Stream<Split> split(String flavors, String script, String... statements) {
        List<String> expected = new ArrayList<>();
        Arrays.stream(statements).forEach(s -> expected.add(s.replace("⏎", "\n")));
        return of(flavors).map(f -> new Split(f, script.replace("⏎", "\n"), expected));
    }

    private static Stream<Completeness> complete(String flavors, String text, boolean complete) {
        return of(flavors).map(f -> new Completeness(f, text, complete));
    }

    static Stream<SqlFlavor> of(String flavors) {
        if (flavors.equals("all")) {
            return flavors();
        }
        return Arrays.stream(flavors.split(",")).map(SqlScriptsTest::flavor);
    }

    private static SqlFlavor flavor(String name) {
        switch (name) {
            case "pg":
                return SqlFlavor.POSTGRESQL;
            case "sqlite":
                return SqlFlavor.SQLITE;
            case "maria":
                return SqlFlavor.MARIADB;
            case "generic":
                return SqlFlavor.GENERIC;
            default:
                throw new IllegalArgumentException(name);
        }
    }
}
