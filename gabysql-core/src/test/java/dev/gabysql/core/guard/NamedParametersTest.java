package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.NamedStatement;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Named parameters of curated tools (docs/configuration.md#curated-tools), found with the guard's lexer per flavour:
 * {@code :name} in code becomes {@code ?}; in strings, quoted identifiers, comments and dollar quotes it is text;
 * every other placeholder form is refused.
 */
class NamedParametersTest {
    @Test
    void aNameInCodeBecomesAPlaceholderInEveryFlavour() {
        for (SqlFlavor f : List.of(SqlFlavor.SQLITE, SqlFlavor.POSTGRESQL, SqlFlavor.MARIADB, SqlFlavor.GENERIC)) {
            NamedStatement s = NamedParameters.translate("SELECT * FROM t WHERE a=:a AND b >= :b OR (c = :a)", f);
            assertThat(s.sql()).as(f.name()).isEqualTo("SELECT * FROM t WHERE a=? AND b >= ? OR (c = ?)");
            assertThat(s.names()).as(f.name()).containsExactly("a", "b", "a");
        }
    }

    @Test
    void aNameInTextIsText() {
        assertThat(translate("SELECT ':a', \":b\" FROM t -- :c\n/* :d */ WHERE x = :x", SqlFlavor.POSTGRESQL))
                .isEqualTo("SELECT ':a', \":b\" FROM t -- :c\n/* :d */ WHERE x = ?");
        assertThat(translate("SELECT $$:a$$, E'\\':b', x::int, :y::text", SqlFlavor.POSTGRESQL))
                .isEqualTo("SELECT $$:a$$, E'\\':b', x::int, ?::text");
        assertThat(translate("SELECT `:a`, \":b\", ':c' # :d\nFROM t WHERE x = :x", SqlFlavor.MARIADB))
                .isEqualTo("SELECT `:a`, \":b\", ':c' # :d\nFROM t WHERE x = ?");
        assertThat(translate("SELECT [:a], ':b' FROM t WHERE x = :x", SqlFlavor.SQLITE))
                .isEqualTo("SELECT [:a], ':b' FROM t WHERE x = ?");
    }

    @Test
    void otherPlaceholdersAndAQuestionMarkOperatorAreRefused() {
        refused("SELECT * FROM t WHERE a = ?", SqlFlavor.SQLITE);
        refused("SELECT * FROM t WHERE a = ?1", SqlFlavor.SQLITE);
        refused("SELECT * FROM t WHERE a = $a", SqlFlavor.SQLITE);
        refused("SELECT * FROM t WHERE a = @a", SqlFlavor.SQLITE);
        refused("SELECT * FROM t WHERE a = $1", SqlFlavor.POSTGRESQL);
        refused("SELECT * FROM t WHERE j ? 'k'", SqlFlavor.POSTGRESQL);
        refused("SELECT * FROM t WHERE a = ?", SqlFlavor.MARIADB);
        refused("SELECT @x", SqlFlavor.MARIADB);
    }

    private static String translate(String sql, SqlFlavor f) {
        return NamedParameters.translate(sql, f).sql();
    }

    private static void refused(String sql, SqlFlavor f) {
        assertThatThrownBy(() -> NamedParameters.translate(sql, f))
                .as(sql)
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
    }
}
