package dev.gabysql.core.dialect.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generic JDBC tier on H2: registry order, the weaker-layer warning, metadata introspection, sessions. */
class GenericJdbcDialectTest {
    @TempDir
    Path dir;

    private String url;

    @BeforeEach
    void setUp() {
        url = "jdbc:h2:" + dir.resolve("db").toAbsolutePath();
        TestDatabases.run(
                url,
                "CREATE TABLE customers (id INT PRIMARY KEY, email VARCHAR(100) NOT NULL UNIQUE)",
                "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2),"
                        + " CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id))",
                "CREATE INDEX ix_total ON orders (customer_id, total)",
                "CREATE VIEW big AS SELECT id FROM orders WHERE total > 100",
                "INSERT INTO customers VALUES (1, 'a@x')");
    }

    private static DatabaseConfig config(String url) {
        return DatabaseConfig.of("g", url).build();
    }

    @Test
    void firstClassDialectsWinAndTheGenericTierTakesTheRest() {
        assertThat(Dialects.forDatabase(config("jdbc:sqlite:/tmp/x.db")).id()).isEqualTo("sqlite");
        assertThat(Dialects.forDatabase(config("jdbc:postgresql://h/db")).id()).isEqualTo("postgresql");
        assertThat(Dialects.forDatabase(config("jdbc:mysql://h/db")).id()).isEqualTo("mariadb");
        assertThat(Dialects.forDatabase(config("jdbc:mariadb://h/db")).id()).isEqualTo("mariadb");
        assertThat(Dialects.forDatabase(config(url)).id()).isEqualTo("generic");
        assertThatThrownBy(() -> Dialects.forDatabase(config("jdbc:nosuchdriver://h/db")))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.UNSUPPORTED_DATABASE))
                .satisfies(e -> assertThat(((GabyException) e).hint()).contains("jdbc:mariadb:"));
    }

    @Test
    void listDatabasesWarnsThatTheEngineLayerIsWeaker() {
        try (LocalGabyService service = new LocalGabyService(
                new Catalog(List.of(config(url))), Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT))) {
            DatabaseInfo info = service.listDatabases(CallContext.of("test")).get(0);
            assertThat(info.dialect()).isEqualTo("generic");
            assertThat(info.warnings())
                    .anySatisfy(w -> assertThat(w).contains("engine-level read-only layer is" + " weaker"));
        }
    }

    @Test
    void metadataIntrospection() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            SchemaModel m = new GenericSchemaReader().read(c, SchemaFilter.ALL);
            assertThat(m.tables()).extracting(Table::name).containsExactlyInAnyOrder("BIG", "CUSTOMERS", "ORDERS");
            Table orders = m.tables().stream()
                    .filter(t -> t.name().equals("ORDERS"))
                    .findFirst()
                    .orElseThrow();
            assertThat(orders.kind()).isEqualTo("table");
            assertThat(orders.primaryKey()).containsExactly("ID");
            assertThat(orders.columns())
                    .extracting(SchemaModel.Column::name)
                    .containsExactly("ID", "CUSTOMER_ID", "TOTAL");
            assertThat(orders.columns().get(1).nullable()).isFalse();
            assertThat(orders.foreignKeys()).singleElement().satisfies(fk -> {
                assertThat(fk.name()).isEqualTo("FK_CUSTOMER");
                assertThat(fk.columns()).containsExactly("CUSTOMER_ID");
                assertThat(fk.refTable()).isEqualTo("CUSTOMERS");
                assertThat(fk.refColumns()).containsExactly("ID");
            });
            assertThat(orders.indexes()).anySatisfy(ix -> {
                assertThat(ix.name()).isEqualTo("IX_TOTAL");
                assertThat(ix.columns()).containsExactly("CUSTOMER_ID", "TOTAL");
                assertThat(ix.unique()).isFalse();
            });
            assertThat(m.tables())
                    .filteredOn(t -> t.name().equals("BIG"))
                    .singleElement()
                    .extracting(Table::kind)
                    .isEqualTo("view");
            assertThat(new GenericSchemaReader()
                            .read(c, new SchemaFilter(null, List.of("CUSTOMERS"), false))
                            .tables())
                    .extracting(Table::name)
                    .containsExactly("CUSTOMERS");
        }
    }

    /**
     * H2 treats setReadOnly as a hint, so the session's other guarantee is what holds at this tier: a write that
     * reaches the engine in a readonly session is rolled back when the session closes.
     */
    @Test
    void aReadonlySessionEndsInRollbackEvenWhereSetReadOnlyIsOnlyAHint() throws SQLException {
        try (ConnectionSource source = new GenericJdbcDialect().connect(config(url), Limits.DEFAULT)) {
            try (Session s = source.open(Mode.READONLY, Limits.DEFAULT);
                    Statement st = s.connection().createStatement()) {
                assertThat(s.connection().getAutoCommit()).isFalse();
                st.execute("INSERT INTO customers VALUES (2, 'b@x')");
            }
            try (Session s = source.open(Mode.READONLY, Limits.DEFAULT);
                    Statement st = s.connection().createStatement();
                    ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM customers")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }

    @Test
    void integrityCheckSaysItOnlyCheckedTheConnection() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            var report = new GenericJdbcDialect().integrityCheck(c);
            assertThat(report.ok()).isTrue();
            assertThat(report.checked()).contains("the connection only", "H2");
        }
    }
}
