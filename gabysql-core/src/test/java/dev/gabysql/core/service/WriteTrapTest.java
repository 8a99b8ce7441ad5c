package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Write traps (issue 21): statements whose preview could leave something behind that no rollback undoes —
 * non-transactional functions and tables, counters, maintenance, cascades and triggers. Each goes to gabysql_execute
 * without a token in admin mode (the most permissive) and may be previewed, announced without a preview, or refused;
 * whichever, the database's whole state ({@link PostgresState}, {@link MariaDbState}, {@link SqliteState}: rows,
 * counters, statistics, other sessions, configuration, files) must be the same afterwards.
 */
abstract class WriteTrapTest {
    static final String DB = "shop";
    static final String AUTOCOMMIT = "autocommit: ";
    /** A fixture database per test class, shared by its cases until one of them leaves it changed. */
    private static final Map<Class<?>, String> SHARED = new ConcurrentHashMap<>();

    final CallContext ctx = CallContext.of("test");

    @TempDir
    Path tmp;

    String url;
    LocalGabyService service;
    /** Sessions a trap may try to signal; {@link Victims#NONE} where the engine has no other sessions (SQLite). */
    Victims victims = Victims.NONE;

    /** Creates a new fixture database with the traps' targets and returns its JDBC URL. */
    protected abstract String createFixture(Path dir);

    /** The URL gabysql's service connects with: the fixture's own; a subclass may put a pooler in between. */
    protected String serviceUrl(String fixtureUrl) {
        return fixtureUrl;
    }

    /** The whole state of the database at {@link #url}, one fact a line. */
    protected abstract String state();

    /** Opens the victim sessions, or returns {@link Victims#NONE}. */
    protected Victims openVictims() {
        return Victims.NONE;
    }

    /** Whether one fixture database may serve several cases (not SQLite's: it lives in each case's directory). */
    protected boolean shareFixture() {
        return true;
    }

    /**
     * How long to wait after the call before reading the state: signals to other sessions and configuration reloads
     * take effect asynchronously.
     */
    protected Duration settle() {
        return Duration.ofMillis(200);
    }

    @BeforeEach
    void open() {
        url = shareFixture() ? SHARED.computeIfAbsent(getClass(), k -> createFixture(tmp)) : createFixture(tmp);
        victims = openVictims();
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of(DB, serviceUrl(url)).build())),
                new Settings(
                                Mode.ADMIN,
                                new Limits(Duration.ofSeconds(5), 100, 200, 100_000),
                                Duration.ofSeconds(30),
                                null)
                        .withApproval(ApprovalPolicy.AGENT));
    }

    @AfterEach
    void close() {
        service.close();
        victims.close();
    }

    /** Previews {@code trap} and checks that nothing changed; returns the answer, or null when it was refused. */
    ExecuteResult attack(String trap) {
        String sql = victims.bind(trap);
        String before = state();
        boolean unchanged = false;
        try {
            ExecuteResult answer = null;
            try {
                answer = service.execute(ctx, new ExecuteRequest(DB, sql, List.of(), null, true));
                assertThat(answer.status()).as(sql).isIn("previewed", "no_preview");
            } catch (GabyException refused) {
                assertThat(refused.getMessage()).as(sql).isNotBlank();
            }
            pause(settle());
            List<String> changed = diff(explained(before, answer), explained(state(), answer));
            assertThat(changed).as("what changed after previewing: " + sql).isEmpty();
            unchanged = true;
            return answer;
        } finally {
            if (!unchanged) {
                SHARED.remove(getClass()); // the next case gets a fresh fixture, not this one's leftovers
            }
        }
    }

    /**
     * The state with what {@code answer}'s notes own up to masked: a side effect of restoring a counter that the
     * engine cannot restore otherwise, named in the reply. Default: nothing is masked.
     */
    protected String explained(String state, ExecuteResult answer) {
        return state;
    }

    /**
     * The state's own test: {@code witness}, run directly (outside gabysql) in a transaction that is rolled back, or
     * in autocommit when it starts with {@code autocommit: }, leaves something that the state shows. A trap test is
     * only as strong as the state it compares.
     */
    void stateSees(String witness) {
        boolean autocommit = witness.startsWith(AUTOCOMMIT);
        String sql = victims.bind(autocommit ? witness.substring(AUTOCOMMIT.length()) : witness);
        String before = state();
        SHARED.remove(getClass()); // this case changes the fixture on purpose
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(autocommit);
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            }
            if (!autocommit) {
                c.rollback();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the witness failed: " + sql + ": " + e.getMessage(), e);
        }
        pause(settle());
        assertThat(diff(before, state())).as("what the state saw of: " + sql).isNotEmpty();
    }

    /** The lines of the state only before ({@code -}) or only after ({@code +}). */
    static List<String> diff(String before, String after) {
        Set<String> was = new LinkedHashSet<>(before.lines().toList());
        Set<String> is = new LinkedHashSet<>(after.lines().toList());
        List<String> changes = new ArrayList<>();
        was.stream().filter(l -> !is.contains(l)).forEach(l -> changes.add("- " + l));
        is.stream().filter(l -> !was.contains(l)).forEach(l -> changes.add("+ " + l));
        return changes;
    }

    /** The notes as one text, with the minus sign (U+2212) written as a hyphen, for assertions on counts. */
    static String notesOf(ExecuteResult answer) {
        return String.join("\n", answer.notes()).replace('\u2212', '-').toLowerCase(Locale.ROOT);
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
