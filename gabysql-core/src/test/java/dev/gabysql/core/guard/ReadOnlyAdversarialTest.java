package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.service.LocalGabyService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The readonly front under attack, against a real engine (docs/design.md#three-layers-of-defence): each attack goes
 * through {@code LocalGabyService.query} (what gabysql_query calls) in readonly mode and must be refused by the guard;
 * afterwards the database is compared with a snapshot (data checksums, schema, sequences, roles, settings, locks,
 * files …) and the session state of the pooled connections is probed through the service again. Plain reads must
 * still work. And each layer holds alone: the engine-level session refuses writes sent to it raw, without the
 * guard. One short subclass per dialect.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ReadOnlyAdversarialTest {
    /** The codes by which the guard (not the database) refuses. */
    private static final Set<ErrorCode> GUARD_REFUSALS = EnumSet.of(
            ErrorCode.READ_ONLY,
            ErrorCode.TRANSACTION_CONTROL,
            ErrorCode.SESSION_CHANGE,
            ErrorCode.SIDE_EFFECT,
            ErrorCode.UNCLASSIFIABLE,
            ErrorCode.MULTIPLE_STATEMENTS,
            ErrorCode.EMPTY_SQL);

    static final String DB = "db";

    protected Path workDir;
    /** Attacks that write files aim here; it is world-writable, so a server process could write if let through. */
    protected Path markerDir;

    protected DatabaseConfig config;
    private LocalGabyService service;
    private Map<String, Object> baseline;
    private List<Object> probeBaseline;

    /** Creates the fixture database in {@code dir} (or on the server) and returns its JDBC URL. */
    protected abstract String createDatabase(Path dir) throws Exception;

    /** Everything an attack could change, read outside gabysql. */
    protected abstract Map<String, Object> snapshot() throws Exception;

    /** Statements that try to change something; {FILE} is replaced by a path in the marker directory. */
    protected abstract List<String> attacks();

    /** Statements that only read and must work. */
    protected abstract List<String> reads();

    /** Reads through gabysql whose answers show the session's state (settings, attached databases …). */
    protected abstract List<String> sessionProbes();

    /** Writes the engine-level readonly session must refuse when sent to it raw, bypassing the guard. */
    protected abstract List<String> rawWrites();

    /** The fewest attacks this dialect must carry (the two together: at least 150). */
    protected abstract int minimumAttacks();

    protected String expand(String sql) {
        return sql.replace("{FILE}", markerDir.resolve("pwned").toString());
    }

    @BeforeAll
    void setUp() throws Exception {
        workDir = Files.createTempDirectory("gabysql-adversarial");
        markerDir = Files.createTempDirectory("gabysql-marker");
        Files.setPosixFilePermissions(markerDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        String url = createDatabase(workDir);
        config = DatabaseConfig.of(DB, url).build();
        service = new LocalGabyService(new Catalog(List.of(config)), Settings.DEFAULT);
        baseline = snapshot();
        probeBaseline = probe();
    }

    @AfterAll
    void tearDown() throws IOException {
        if (service != null) {
            service.close();
        }
        for (Path dir : new Path[] {workDir, markerDir}) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void carriesEnoughAttacks() {
        assertThat(attacks()).doesNotHaveDuplicates().hasSizeGreaterThanOrEqualTo(minimumAttacks());
    }

    @TestFactory
    Stream<DynamicTest> attacksAreRefusedAndChangeNothing() {
        return attacks().stream().map(sql -> DynamicTest.dynamicTest(display(sql), () -> attack(expand(sql))));
    }

    @TestFactory
    Stream<DynamicTest> readsStillWork() {
        return reads().stream()
                .map(sql -> DynamicTest.dynamicTest(display(sql), () -> {
                    assertThatCode(() -> service.query(CallContext.of("test"), QueryRequest.of(DB, sql)))
                            .as("a plain read must pass")
                            .doesNotThrowAnyException();
                    assertUnchanged();
                }));
    }

    /** Layer 2 alone: the readonly session of the dialect refuses a write that never met the guard. */
    @TestFactory
    Stream<DynamicTest> engineLayerAloneRefusesWrites() {
        return rawWrites().stream()
                .map(sql -> DynamicTest.dynamicTest(display(sql), () -> {
                    try (ConnectionSource source = Dialects.forDatabase(config).connect(config, Limits.DEFAULT);
                            Session session = source.open(Mode.READONLY, Limits.DEFAULT);
                            Statement st = session.connection().createStatement()) {
                        assertThatThrownBy(() -> st.execute(expand(sql))).isInstanceOf(SQLException.class);
                    }
                    assertUnchanged();
                }));
    }

    /** Layer 3 alone: the guard refuses every attack without any connection being opened. */
    @TestFactory
    Stream<DynamicTest> guardAloneRefusesEveryAttack() {
        SqlFlavor flavor = Dialects.forDatabase(config).flavor();
        return attacks().stream()
                .map(sql -> DynamicTest.dynamicTest(display(sql), () -> {
                    GabyException e = catchThrowableOfType(
                            () -> AccessPolicy.requireRead(SqlGuard.inspect(expand(sql), flavor)), GabyException.class);
                    assertThat(e).as("the guard must refuse").isNotNull();
                    assertThat(GUARD_REFUSALS).contains(e.code());
                }));
    }

    private void attack(String sql) throws Exception {
        GabyException e = catchThrowableOfType(
                () -> service.query(CallContext.of("test"), QueryRequest.of(DB, sql)), GabyException.class);
        assertThat(e).as("must be refused: " + sql).isNotNull();
        assertThat(GUARD_REFUSALS)
                .as("refused by the guard, not by luck: " + e.code() + " " + e.getMessage())
                .contains(e.code());
        assertThat(e.getMessage()).isNotBlank();
        assertThat(e.hint()).isNotBlank();
        assertUnchanged();
    }

    private void assertUnchanged() throws Exception {
        assertThat(snapshot()).as("database state").isEqualTo(baseline);
        try (Stream<Path> files = Files.list(markerDir)) {
            assertThat(files).as("files written by the server").isEmpty();
        }
        assertThat(probe()).as("session state seen through gabysql").isEqualTo(probeBaseline);
    }

    private List<Object> probe() {
        List<Object> out = new ArrayList<>();
        for (String sql : sessionProbes()) {
            out.add(service.query(CallContext.of("test"), QueryRequest.of(DB, sql))
                    .rows());
        }
        return out;
    }

    private static String display(String sql) {
        String oneLine = sql.replace("\n", "⏎").replace("\r", "␍");
        return oneLine.length() > 120 ? oneLine.substring(0, 120) + "…" : oneLine;
    }
}
