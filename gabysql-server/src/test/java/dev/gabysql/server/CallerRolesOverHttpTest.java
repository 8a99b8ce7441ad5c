package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.server.Http.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each caller with its own database identity, end to end through {@code gabysql serve}
 * (docs/security.md#per-caller-database-roles): a token's PostgreSQL role (row-level security and grants enforced by
 * the database, over {@code POST /sql}, {@code /mcp} with and without sessions, and through a person's approval), a
 * token's own MariaDB login (a user with SELECT on one table only), the audit log naming both, and a role that a
 * database cannot take refused.
 */
class CallerRolesOverHttpTest {
    static final String ALICE = "alice-secret-0123456789";
    static final String PLAIN = "plain-secret-0123456789";
    static final String ROLE_EVERYWHERE = "every-secret-0123456789";
    static final String APPROVER = "approver-secret-0123456789";
    static final String PERSON = "person-secret-0123456789";
    static final String WRONG_LOGIN = "wrong-login-secret-0123456789";

    static final String SUFFIX = Long.toString(System.nanoTime(), 36);
    static final String ANALYST = "roles_http_analyst_" + SUFFIX;
    static final String READER = "roles_reader_" + SUFFIX;
    static final String READER_PASSWORD = UUID.randomUUID().toString();

    @TempDir
    static Path dir;

    static String pgUrl;
    static String mariaUrl;
    static String mariaDb;
    static TestServer server;
    static TestServer stateless;

    @BeforeAll
    static void start() {
        pgUrl = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                pgUrl,
                "CREATE TABLE notes (id int PRIMARY KEY, owner text NOT NULL, body text)",
                "INSERT INTO notes VALUES (1, 'alice', 'a1'), (2, 'alice', 'a2'), (3, 'bob', 'b1')",
                "CREATE TABLE salaries (id int PRIMARY KEY, amount int)",
                "INSERT INTO salaries VALUES (1, 100)",
                "CREATE ROLE " + ANALYST + " NOLOGIN",
                "GRANT SELECT, UPDATE ON notes TO " + ANALYST,
                "ALTER TABLE notes ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY alice_only ON notes TO " + ANALYST + " USING (owner = 'alice')");
        mariaUrl = TestDatabases.newMariaDbDatabase();
        mariaDb = mariaUrl.substring(mariaUrl.lastIndexOf('/') + 1, mariaUrl.indexOf('?'));
        TestDatabases.run(
                mariaUrl,
                "CREATE TABLE catalog (id int PRIMARY KEY, name varchar(20)) ENGINE=InnoDB",
                "INSERT INTO catalog VALUES (1, 'lamp'), (2, 'desk')",
                "CREATE TABLE payroll (id int PRIMARY KEY, amount int) ENGINE=InnoDB",
                "INSERT INTO payroll VALUES (1, 100)");
        TestDatabases.run(
                TestDatabases.mariaDbAdminUrl(),
                "CREATE USER '" + READER + "'@'%' IDENTIFIED BY '" + READER_PASSWORD + "'",
                "GRANT SELECT ON `" + mariaDb + "`.`catalog` TO '" + READER + "'@'%'");
        List<DatabaseConfig> dbs = TestServer.list(
                DatabaseConfig.of("pg", pgUrl).build(),
                DatabaseConfig.of("maria", mariaUrl).build());
        ServerOptions options = ServerOptions.defaults()
                .withTokens(List.of(
                        ApiToken.parse(ALICE, "alice")
                                .withIdentity(new CallerIdentity(
                                        "alice",
                                        null,
                                        Map.of(
                                                "pg", new DatabaseIdentity(ANALYST, null, null),
                                                "maria", new DatabaseIdentity(null, READER, READER_PASSWORD)))),
                        ApiToken.parse(PLAIN, "plain"),
                        ApiToken.parse(ROLE_EVERYWHERE, "everywhere")
                                .withIdentity(new CallerIdentity(
                                        "everywhere", new DatabaseIdentity(ANALYST, null, null), Map.of())),
                        ApiToken.approver(APPROVER, "approver"),
                        ApiToken.approver(PERSON, "person")
                                .withIdentity(new CallerIdentity(
                                        "person", new DatabaseIdentity(ANALYST, null, null), Map.of())),
                        ApiToken.parse(WRONG_LOGIN, "wrong-login")
                                .withIdentity(new CallerIdentity(
                                        "wrong-login",
                                        null,
                                        Map.of("maria", new DatabaseIdentity(null, READER, "not-the-password"))))));
        server = TestServer.startHuman(
                dbs, Mode.READWRITE, options, dir.resolve("approvals"), dir.resolve("audit.jsonl"));
        stateless = TestServer.startHuman(
                dbs,
                Mode.READWRITE,
                options.withMcp(ServerOptions.Mcp.DEFAULT.withStateless(true)),
                dir.resolve("approvals-stateless"),
                null);
    }

    @AfterAll
    static void stop() {
        if (stateless != null) {
            stateless.close();
        }
        if (server != null) {
            server.close();
        }
        if (pgUrl != null) {
            TestDatabases.run(pgUrl, "DROP OWNED BY " + ANALYST, "DROP ROLE " + ANALYST);
        }
        if (mariaDb != null) {
            TestDatabases.run(TestDatabases.mariaDbAdminUrl(), "DROP USER IF EXISTS '" + READER + "'@'%'");
        }
    }

    @Test
    void aTokensRoleSeesItsRowsAndTheDatabaseRefusesTheRest() {
        assertThat(rows(sql(ALICE, "pg", "SELECT id FROM notes ORDER BY id"))).isEqualTo("[[1],[2]]");
        assertThat(rows(sql(PLAIN, "pg", "SELECT id FROM notes ORDER BY id"))).isEqualTo("[[1],[2],[3]]");
        Reply refused = sql(ALICE, "pg", "SELECT amount FROM salaries");
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.errorCode()).isEqualTo("SQL_ERROR");
        assertThat(refused.json().at("/error/message").asText()).contains("permission denied");
    }

    @Test
    void theCatalogTellsEachCallerWhoItRunsAs() {
        JsonNode mine = Http.get(server.uri(), "/databases", "Authorization", "Bearer " + ALICE)
                .json();
        assertThat(mine.at("/databases/0/name").asText()).isEqualTo("pg");
        assertThat(mine.at("/databases/0/run_as").asText()).isEqualTo("role " + ANALYST);
        assertThat(mine.at("/databases/1/run_as").asText()).isEqualTo("user " + READER);
        JsonNode plain = Http.get(server.uri(), "/databases", "Authorization", "Bearer " + PLAIN)
                .json();
        assertThat(plain.at("/databases/0/run_as").isNull()
                        || plain.at("/databases/0/run_as").isMissingNode())
                .isTrue();
    }

    @Test
    void aTokensOwnMariaDbLoginReadsOnlyTheTableItsUserMay() {
        assertThat(rows(sql(ALICE, "maria", "SELECT name FROM catalog ORDER BY id")))
                .isEqualTo("[[\"lamp\"],[\"desk\"]]");
        assertThat(rows(sql(ALICE, "maria", "SELECT CURRENT_USER()"))).startsWith("[[\"" + READER + "@");
        Reply refused = sql(ALICE, "maria", "SELECT amount FROM payroll");
        assertThat(refused.errorCode()).as(refused.body()).isEqualTo("SQL_ERROR");
        assertThat(refused.json().at("/error/message").asText())
                .contains("denied", READER)
                .doesNotContain(READER_PASSWORD);
        // gabysql's own login is unchanged for a token without one
        assertThat(rows(sql(PLAIN, "maria", "SELECT amount FROM payroll"))).isEqualTo("[[100]]");
    }

    @Test
    void aWriteOfTheOwnLoginIsSubjectToItsGrants() {
        Reply r = write(ALICE, "maria", "UPDATE catalog SET name = 'x' WHERE id = 1");
        assertThat(r.errorCode()).as(r.body()).isEqualTo("SQL_ERROR");
        assertThat(r.json().at("/error/message").asText()).contains("denied");
        assertThat(TestDatabases.firstRow(mariaUrl, "SELECT name FROM catalog WHERE id = 1"))
                .isEqualTo("lamp");
    }

    @Test
    void anApprovedWriteCommitsAsTheRoleOfTheCallerWhoAskedNotTheApprover() {
        Reply preview = write(ALICE, "pg", "UPDATE notes SET body = 'approved' WHERE id > 0");
        assertThat(preview.json().at("/status").asText()).as(preview.body()).isEqualTo("awaiting_approval");
        assertThat(preview.json().at("/affected_rows").asLong()).isEqualTo(2);
        String id = preview.json().at("/approval_id").asText();
        Reply listed = Http.get(server.uri(), "/approvals", "Authorization", "Bearer " + APPROVER);
        assertThat(listed.body()).contains("\"run_as\":\"role " + ANALYST + "\"");
        Reply decided = Http.post(
                server.uri(), "/approvals/" + id, "{\"decision\": \"approve\"}", "Authorization", "Bearer " + APPROVER);
        assertThat(decided.json().at("/state").asText()).as(decided.body()).isEqualTo("committed");
        assertThat(decided.json().at("/committed_rows").asLong()).isEqualTo(2);
        assertThat(TestDatabases.firstRow(pgUrl, "SELECT string_agg(body, ',' ORDER BY id) FROM notes"))
                .isEqualTo("approved,approved,b1");
        TestDatabases.run(pgUrl, "UPDATE notes SET body = 'a' || id WHERE owner = 'alice'");
    }

    @Test
    void aRoleOnADatabaseThatTakesNoneIsRefusedAndRunsNothing() {
        Reply r = sql(ROLE_EVERYWHERE, "maria", "SELECT name FROM catalog");
        assertThat(r.status()).as(r.body()).isEqualTo(403);
        assertThat(r.errorCode()).isEqualTo("CALLER_ROLE_NOT_SET");
        assertThat(r.json().at("/error/hint").asText()).contains("user and password");
        assertThat(rows(sql(ROLE_EVERYWHERE, "pg", "SELECT count(*) FROM notes")))
                .isEqualTo("[[2]]");
    }

    @Test
    void mcpCallsRunAsTheTokensRoleWithSessionsAndWithout() {
        for (TestServer s : List.of(server, stateless)) {
            JsonNode answer = s == server
                    ? McpStatelessTest.Session.open(s.uri(), ALICE)
                            .call(2, "tools/call", queryArgs("SELECT count(*) AS n, current_user AS u FROM notes"))
                    : McpStatelessTest.rpc(McpStatelessTest.post(
                            s.uri(),
                            ALICE,
                            McpStatelessTest.toolCall(
                                    2, "gabysql_query", "pg", "SELECT count(*) AS n, current_user AS u FROM notes")));
            assertThat(answer.toString())
                    .as(s == server ? "stateful" : "stateless")
                    .contains(ANALYST);
            assertThat(answer.at("/result/structuredContent/rows/0/0").asLong()).isEqualTo(2);
        }
    }

    @Test
    void theConsoleSignedInWithTheTokenRunsAsItsRole() {
        ConsoleSessionTest.Console console = ConsoleSessionTest.Console.of(
                Http.post(server.uri(), "/console/session", Json.write(Map.of("token", ALICE))));
        Reply r = console.post(server.uri(), "/sql", Http.sql("pg", "SELECT id, current_user FROM notes ORDER BY id"));
        assertThat(rows(r)).isEqualTo("[[1,\"" + ANALYST + "\"],[2,\"" + ANALYST + "\"]]");
    }

    @Test
    void aPersonSignedInWithAnApproverTokenRunsTheirOwnCallsAsItsRole() {
        ConsoleSessionTest.Console console = ConsoleSessionTest.Console.of(
                Http.post(server.uri(), "/console/session", Json.write(Map.of("token", PERSON))));
        Reply r = console.post(server.uri(), "/sql", Http.sql("pg", "SELECT count(*), current_user FROM notes"));
        assertThat(rows(r)).isEqualTo("[[2,\"" + ANALYST + "\"]]");
    }

    @Test
    void anOwnLoginTheServerRefusesNamesTheTokensEntryAndNoPassword() {
        Reply r = sql(WRONG_LOGIN, "maria", "SELECT 1");
        assertThat(r.errorCode()).as(r.body()).isEqualTo("DATABASE_UNAVAILABLE");
        assertThat(r.json().at("/error/hint").asText()).contains("[tokens.databases.maria]");
        assertThat(r.body()).doesNotContain("not-the-password").doesNotContain(READER_PASSWORD);
    }

    @Test
    void theAuditLogNamesTheCallerAndWhoItRanAs() throws Exception {
        sql(ALICE, "pg", "SELECT 1 AS audited_as_role");
        sql(ALICE, "maria", "SELECT 1 AS audited_as_user");
        List<String> lines = Files.readAllLines(dir.resolve("audit.jsonl"));
        assertThat(lines.stream().filter(l -> l.contains("audited_as_role")))
                .singleElement()
                .asString()
                .contains("\"caller\":\"alice\",\"run_as\":\"role " + ANALYST + "\"");
        assertThat(lines.stream().filter(l -> l.contains("audited_as_user")))
                .singleElement()
                .asString()
                .contains("\"caller\":\"alice\",\"run_as\":\"user " + READER + "\"")
                .doesNotContain(READER_PASSWORD);
    }

    private static Map<String, Object> queryArgs(String sql) {
        return Map.of("name", "gabysql_query", "arguments", Map.of("db", "pg", "sql", sql));
    }

    private static Reply sql(String token, String db, String sql) {
        return Http.post(server.uri(), "/sql", Http.sql(db, sql), "Authorization", "Bearer " + token);
    }

    private static Reply write(String token, String db, String sql) {
        return Http.post(
                server.uri(),
                "/sql",
                Json.write(Map.of("db", db, "sql", sql, "execute", true)),
                "Authorization",
                "Bearer " + token);
    }

    private static String rows(Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("rows").toString();
    }
}
