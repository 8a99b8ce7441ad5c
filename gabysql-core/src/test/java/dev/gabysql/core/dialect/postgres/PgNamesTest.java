package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PgNamesTest {

    @Test
    void typesGetTheirShortSpelling() {
        assertThat(PgNames.shortType("character varying(100)")).isEqualTo("varchar(100)");
        assertThat(PgNames.shortType("character varying[]")).isEqualTo("varchar[]");
        assertThat(PgNames.shortType("character(2)")).isEqualTo("char(2)");
        assertThat(PgNames.shortType("timestamp(3) without time zone")).isEqualTo("timestamp(3)");
        assertThat(PgNames.shortType("timestamp with time zone[]")).isEqualTo("timestamptz[]");
        assertThat(PgNames.shortType("time without time zone")).isEqualTo("time");
        assertThat(PgNames.shortType("bit varying(8)")).isEqualTo("varbit(8)");
        assertThat(PgNames.shortType("\"character\"")).isEqualTo("\"character\"");
        assertThat(PgNames.shortType("numeric(12,2)")).isEqualTo("numeric(12,2)");
    }

    /** The spelling the regular expressions it replaced gave, for every type format_type prints. */
    @Test
    void shortTypesAreWhatTheRegularExpressionsGave() {
        String[] bases = {
            "character varying",
            "character",
            "char",
            "\"char\"",
            "\"character\"",
            "charx",
            "timestamp",
            "timestamptz",
            "time",
            "timetz",
            "bit",
            "bit varying",
            "bitx",
            "text",
            "tsvector",
            "time with time zone",
            "timestamp without time zone",
            "timestamp with time zone",
            "time without time zone",
            "timestamp(3) without time zone",
            "timestamp(6) with time zone",
            "time(0) without time zone",
            "time(12) with time zone",
            "timestamp() without time zone",
            "timestamp(x) with time zone",
            "time(3 with time zone",
            "timestamp(3)",
            "time without time zones",
            "character varying(10)",
            "character(1)",
            "bit varying(8)",
            "bit(3)",
            "box",
            "cidr",
            "tinterval"
        };
        String[] suffixes = {"", "[]", "[][]", "(5)", " ", "x"};
        for (String base : bases) {
            for (String suffix : suffixes) {
                String type = base + suffix;
                assertThat(PgNames.shortType(type)).as(type).isEqualTo(byRegex(type));
            }
        }
    }

    private static String byRegex(String formatted) {
        String[] patterns = {
            "^character varying",
            "^character(?=\\(|$|\\[)",
            "^timestamp(\\(\\d+\\))? without time zone",
            "^timestamp(\\(\\d+\\))? with time zone",
            "^time(\\(\\d+\\))? without time zone",
            "^time(\\(\\d+\\))? with time zone",
            "^bit varying"
        };
        String[] replacements = {"varchar", "char", "timestamp$1", "timestamptz$1", "time$1", "timetz$1", "varbit"};
        String t = formatted;
        for (int i = 0; i < patterns.length; i++) {
            t = java.util.regex.Pattern.compile(patterns[i]).matcher(t).replaceFirst(replacements[i]);
        }
        return t;
    }

    @Test
    void literalDefaultsLoseTheirCast() {
        assertThat(PgNames.cleanDefault("'pending'::order_status")).isEqualTo("'pending'");
        assertThat(PgNames.cleanDefault("'it''s'::text")).isEqualTo("'it''s'");
        assertThat(PgNames.cleanDefault("'{}'::text[]")).isEqualTo("'{}'");
        assertThat(PgNames.cleanDefault("now()")).isEqualTo("now()");
        assertThat(PgNames.cleanDefault("('a'::text || 'b'::text)")).isEqualTo("('a'::text || 'b'::text)");
    }

    @Test
    void triggerTypeBitsDecode() {
        int beforeInsertOrUpdateRow = 1 | 2 | 4 | 16;
        assertThat(PgNames.timing(beforeInsertOrUpdateRow)).isEqualTo("BEFORE");
        assertThat(PgNames.level(beforeInsertOrUpdateRow)).isEqualTo("ROW");
        assertThat(PgNames.events(beforeInsertOrUpdateRow, List.of("a"))).containsExactly("INSERT", "UPDATE OF a");
        assertThat(PgNames.timing(64 | 8)).isEqualTo("INSTEAD OF");
        assertThat(PgNames.timing(32)).isEqualTo("AFTER");
        assertThat(PgNames.level(32)).isEqualTo("STATEMENT");
        assertThat(PgNames.triggerCondition("CREATE TRIGGER t AFTER UPDATE ON x FOR EACH ROW WHEN ((old.a)"
                        + " IS DISTINCT FROM (new.a)) EXECUTE FUNCTION f()"))
                .isEqualTo("(old.a) IS DISTINCT FROM (new.a)");
    }

    @Test
    void checkDefinitionsLoseTheirWrapper() {
        assertThat(PgNames.checkExpression("CHECK ((price >= (0)::numeric))")).isEqualTo("(price >= (0)::numeric)");
        assertThat(PgNames.action("c")).isEqualTo("cascade");
        assertThat(PgNames.action("n")).isEqualTo("set null");
    }
}
