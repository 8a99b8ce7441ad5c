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
import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code \tool NAME param=value …} (docs/configuration.md#curated-tools) on a real SQLite file: values read as their
 * parameter's type, a wrong one refused before anything runs, a quoted injection bound as text, and a write tool
 * previewed, shown to the confirmer and committed only on its yes.
 */
class ToolCommandTest {
    @TempDir
    Path dir;

    Path file;
    LocalGabyService service;
    CuratedTools tools;

    @BeforeEach
    void open() {
        file = TestDatabases.sqliteFile(
                dir,
                "t",
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                "INSERT INTO items VALUES (1, 'a b'), (2, 'c')");
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.sqlite("t", file))),
                Settings.DEFAULT.withMode(Mode.READWRITE).withAuditLog(null).withApproval(ApprovalPolicy.AGENT));
        tools = CuratedTools.prepare(
                List.of(
                        new CuratedTool(
                                "named",
                                "d",
                                "t",
                                CuratedTool.Access.READ,
                                "SELECT id FROM items WHERE name = :name",
                                List.of(param("name", ParamType.STRING)),
                                "tools[0]"),
                        new CuratedTool(
                                "drop_item",
                                "d",
                                "t",
                                CuratedTool.Access.WRITE,
                                "DELETE FROM items WHERE id = :id",
                                List.of(param("id", ParamType.INTEGER)),
                                "tools[1]")),
                service);
    }

    @AfterEach
    void close() {
        service.close();
    }

    static CuratedParam param(String name, ParamType type) {
        return new CuratedParam(name, type, null, true, List.of(), null, null, null, null);
    }

    @Test
    void quotedValuesAreOneWordAndTypedValuesAreChecked() {
        assertThat(ToolCommand.words(" named  name=\"a b\" x='it''s' ")).containsExactly("named", "name=a b", "x=its");
        assertThat(ToolCommand.parse("\\tool", tools)).isNull();
        assertThat(ToolCommand.parse("\\tool named name=\"a b\"", tools).values())
                .containsExactly("a b");
        assertThat(ToolCommand.parse("\\tool drop_item id=2", tools).values()).containsExactly(2L);
        assertThatThrownBy(() -> ToolCommand.parse("\\tool drop_item id=two", tools))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
        assertThatThrownBy(() -> ToolCommand.parse("\\tool drop_item 2", tools)).hasMessageContaining("param=value");
        assertThatThrownBy(() -> ToolCommand.parse("\\tool nope", tools))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThat(ToolCommand.list(tools))
                .contains("named (read on t)  name=STRING", "drop_item (write on t)  id=INTEGER");
        assertThat(count()).isEqualTo("2");
    }

    @Test
    void anInjectionIsTextAndAWriteCommitsOnlyOnTheConfirmersYes() {
        StatementExecutor executor = new StatementExecutor(service, () -> CallContext.of("cli"));
        ToolCommand.Call attack = ToolCommand.parse("\\tool named name=\"x' OR '1'='1\"", tools);
        assertThat(executor.runTool(attack.tool(), attack.values(), answer(false))
                        .read()
                        .rowCount())
                .isZero();

        ToolCommand.Call drop = ToolCommand.parse("\\tool drop_item id=1", tools);
        StatementExecutor.Outcome no = executor.runTool(drop.tool(), drop.values(), answer(false));
        assertThat(no.isUncommitted()).isTrue();
        assertThat(no.preview().affectedRows()).isEqualTo(1);
        assertThat(count()).isEqualTo("2");
        StatementExecutor.Outcome yes = executor.runTool(drop.tool(), drop.values(), answer(true));
        assertThat(yes.committed().affectedRows()).isEqualTo(1);
        assertThat(count()).isEqualTo("1");
    }

    private String count() {
        return TestDatabases.firstRow("jdbc:sqlite:" + file, "SELECT count(*) FROM items");
    }

    private static StatementExecutor.Confirmer answer(boolean commit) {
        return new StatementExecutor.Confirmer() {
            @Override
            public boolean commit(String sql, ExecuteResult preview) {
                return commit;
            }

            @Override
            public boolean allowFullTable(String sql, StatementInfo statement) {
                return false;
            }
        };
    }
}
