package dev.gabysql.core.service;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteServiceContractTest extends ServiceContractTest {
    @TempDir
    Path dir;

    @Override
    protected String createFixture() {
        Path file = TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
        return "jdbc:sqlite:" + file;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    }

    @org.junit.jupiter.api.Test
    void aMissingFileIsListedWithAWarning() {
        dev.gabysql.core.catalog.Catalog catalog = new dev.gabysql.core.catalog.Catalog(
                java.util.List.of(dev.gabysql.core.catalog.DatabaseConfig.sqlite("gone", dir.resolve("gone.db"))));
        try (LocalGabyService s = new LocalGabyService(
                catalog, dev.gabysql.core.config.Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT))) {
            org.assertj.core.api.Assertions.assertThat(s.listDatabases(ctx))
                    .singleElement()
                    .satisfies(d -> org.assertj.core.api.Assertions.assertThat(d.warnings())
                            .anySatisfy(w -> org.assertj.core.api.Assertions.assertThat(w)
                                    .startsWith("file not found")));
        }
    }

    /**
     * SQLite names a column without an alias after its expression's text, however long: the name is cut as a value
     * is, and counts towards the budget.
     */
    @org.junit.jupiter.api.Test
    void aLongColumnNameIsCutAsAValueIs() {
        String expression = "(".repeat(3_000) + "1" + ")".repeat(3_000);
        QueryResult r = query("SELECT " + expression);
        org.assertj.core.api.Assertions.assertThat(r.columns().get(0).name())
                .isEqualTo("(".repeat(50) + "…[+5951 chars]");
        org.assertj.core.api.Assertions.assertThat(r.rows()).containsExactly(java.util.List.of(1L));
    }

    @Override
    protected AutoCloseable lockItems(String url) throws Exception {
        java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("BEGIN EXCLUSIVE"); // a rollback journal: readers wait for the writer's commit
        }
        return () -> {
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("ROLLBACK");
            }
            c.close();
        };
    }

    @Override
    protected String dialectId() {
        return "sqlite";
    }
}
