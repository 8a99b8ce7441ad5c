package dev.gabysql.core.dialect.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.sqlite.SqliteDdl.TableDdl;
import dev.gabysql.core.dialect.sqlite.SqliteDdl.TriggerDdl;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import org.junit.jupiter.api.Test;

class SqliteDdlTest {

    @Test
    void findsChecksCollationsGeneratedColumnsAndAutoincrement() {
        TableDdl t = SqliteDdl.table("CREATE TABLE \"t x\" (\n"
                + "  id INTEGER PRIMARY KEY AUTOINCREMENT, -- the key, CHECK (not this)\n"
                + "  name TEXT COLLATE NOCASE CONSTRAINT name_ok CHECK (length(name) > 0),\n"
                + "  price REAL, /* CHECK (nor this) */ total REAL AS (price * 2) STORED,\n"
                + "  [odd, col] TEXT COLLATE BINARY,\n"
                + "  CONSTRAINT positive CHECK (price >= 0 AND total <> 'a,b)'),\n"
                + "  UNIQUE (name, price)\n)");
        assertThat(t.column("ID").autoincrement()).isTrue();
        assertThat(t.column("name").collation()).isEqualTo("NOCASE");
        assertThat(t.column("odd, col").collation()).isNull();
        assertThat(t.column("total").generated()).isEqualTo("price * 2");
        assertThat(t.checks()).extracting(Constraint::name).containsExactly("name_ok", "positive");
        assertThat(t.checks())
                .extracting(Constraint::expression)
                .containsExactly("length(name) > 0", "price >= 0 AND total <> 'a,b)'");
        assertThat(t.checks().get(0).columns()).containsExactly("name");
        assertThat(t.checks().get(1).columns()).isEmpty();
    }

    @Test
    void tablesWithoutAColumnListHaveNothingToAdd() {
        assertThat(SqliteDdl.table("CREATE TABLE c AS SELECT (1) AS x").columns())
                .isEmpty();
        assertThat(SqliteDdl.table("CREATE VIRTUAL TABLE f USING fts5(a, b)").columns())
                .isEmpty();
        assertThat(SqliteDdl.table(null).checks()).isEmpty();
    }

    @Test
    void readsIndexKeysAndPartialConditions() {
        SqliteDdl.IndexDdl i = SqliteDdl.index(
                "CREATE UNIQUE INDEX i ON t (lower(a), b DESC, substr(c, 1, 2))" + " WHERE a IS NOT NULL AND b > 0");
        assertThat(i.keys()).containsExactly("lower(a)", "b DESC", "substr(c, 1, 2)");
        assertThat(i.where()).isEqualTo("a IS NOT NULL AND b > 0");
        assertThat(SqliteDdl.index(null)).isNull();
    }

    @Test
    void readsTriggerParts() {
        TriggerDdl t = SqliteDdl.trigger("CREATE TRIGGER IF NOT EXISTS main.audit INSTEAD OF update of a, b"
                + " ON v FOR EACH ROW WHEN new.a <> old.a BEGIN\n  INSERT INTO log VALUES ('end');\nEND");
        assertThat(t.timing()).isEqualTo("INSTEAD OF");
        assertThat(t.events()).containsExactly("UPDATE OF a, b");
        assertThat(t.condition()).isEqualTo("new.a <> old.a");
        assertThat(t.body()).isEqualTo("INSERT INTO log VALUES ('end');");
        TriggerDdl plain = SqliteDdl.trigger("CREATE TEMP TRIGGER t DELETE ON x BEGIN SELECT 1; END");
        assertThat(plain.timing()).isEqualTo("BEFORE");
        assertThat(plain.events()).containsExactly("DELETE");
        assertThat(plain.condition()).isNull();
    }

    @Test
    void readsTheQueryOfAView() {
        assertThat(SqliteDdl.viewQuery("CREATE VIEW \"as\" (a) AS\n  SELECT 1 AS a"))
                .isEqualTo("SELECT 1 AS a");
    }
}
