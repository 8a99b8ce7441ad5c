package dev.gabysql.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's read-or-preview-then-confirm flow on a real SQLite file. */
class StatementExecutorTest {
    @TempDir
    Path dir;

    @Test
    void aReadIsAnsweredAsRows() {
        try (LocalGabyService service = service(Mode.READONLY)) {
            StatementExecutor.Outcome o =
                    executor(service).run("t", "SELECT count(*) AS n FROM items", new Answers(false, false));
            assertThat(o.isRead()).isTrue();
            assertThat(o.read().rows()).containsExactly(List.of(3L));
        }
    }

    @Test
    void aWriteInReadonlyIsRefusedWithACliHintAndChangesNothing() {
        try (LocalGabyService service = service(Mode.READONLY)) {
            Answers answers = new Answers(true, true);
            assertThatThrownBy(() -> executor(service).run("t", "DELETE FROM items WHERE id = 1", answers))
                    .isInstanceOfSatisfying(GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
                        assertThat(e.hint()).contains("--mode readwrite");
                    });
            assertThat(answers.previews).isEmpty();
            assertThat(count(service)).isEqualTo(3L);
        }
    }

    @Test
    void aDeclinedPreviewIsNotCommitted() {
        try (LocalGabyService service = service(Mode.READWRITE)) {
            Answers no = new Answers(false, false);
            StatementExecutor.Outcome o = executor(service).run("t", "DELETE FROM items WHERE id <= 2", no);
            assertThat(o.isUncommitted()).isTrue();
            assertThat(o.preview().status()).isEqualTo("previewed");
            assertThat(o.preview().affectedRows()).isEqualTo(2);
            assertThat(no.previews).hasSize(1);
            assertThat(count(service)).isEqualTo(3L);
        }
    }

    @Test
    void aConfirmedPreviewIsCommittedOnce() {
        try (LocalGabyService service = service(Mode.READWRITE)) {
            StatementExecutor.Outcome o =
                    executor(service).run("t", "DELETE FROM items WHERE id <= 2", new Answers(true, false));
            assertThat(o.committed().status()).isEqualTo("committed");
            assertThat(o.committed().affectedRows()).isEqualTo(2);
            assertThat(count(service)).isEqualTo(1L);
        }
    }

    @Test
    void aFullTableWriteIsPreviewedOnlyWhenTheConfirmerAllowsIt() {
        try (LocalGabyService service = service(Mode.READWRITE)) {
            assertThatThrownBy(() -> executor(service).run("t", "DELETE FROM items", new Answers(true, false)))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.FULL_TABLE_WRITE));
            assertThat(count(service)).isEqualTo(3L);
            StatementExecutor.Outcome o = executor(service).run("t", "DELETE FROM items", new Answers(true, true));
            assertThat(o.committed().affectedRows()).isEqualTo(3);
            assertThat(count(service)).isEqualTo(0L);
        }
    }

    private LocalGabyService service(Mode mode) {
        Path file = TestDatabases.sqliteFile(
                dir,
                "t",
                "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT)",
                "DELETE FROM items",
                "INSERT INTO items VALUES (1, 'a'), (2, 'b'), (3, NULL)");
        Catalog catalog = new Catalog(List.of(DatabaseConfig.sqlite("t", file)));
        return new LocalGabyService(
                catalog, Settings.DEFAULT.withMode(mode).withAuditLog(null).withApproval(ApprovalPolicy.AGENT));
    }

    private static StatementExecutor executor(LocalGabyService service) {
        return new StatementExecutor(service, () -> CallContext.of("cli"));
    }

    private static long count(LocalGabyService service) {
        return ((Number) service.query(
                                CallContext.of("test"),
                                dev.gabysql.core.api.QueryRequest.of("t", "SELECT count(*) FROM items"))
                        .rows()
                        .get(0)
                        .get(0))
                .longValue();
    }

    /** Fixed answers, remembering the previews it was shown. */
    private static final class Answers implements StatementExecutor.Confirmer {
        final boolean commit;
        final boolean fullTable;
        final List<ExecuteResult> previews = new ArrayList<>();

        Answers(boolean commit, boolean fullTable) {
            this.commit = commit;
            this.fullTable = fullTable;
        }

        @Override
        public boolean commit(String sql, ExecuteResult preview) {
            previews.add(preview);
            return commit;
        }

        @Override
        public boolean allowFullTable(String sql, StatementInfo statement) {
            return fullTable;
        }
    }
}
