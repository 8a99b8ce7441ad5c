package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** gabysql's own statements, recognised with any whitespace and case their patterns allow, and nothing else. */
class MetaCommandTest {

    @Test
    void recognisesEachMetaCommandWithTheWhitespaceAndCaseItAllows() {
        assertThat(kind("SHOW DATABASES")).isEqualTo(MetaCommand.Kind.SHOW_DATABASES);
        assertThat(kind(" \t\n\u000B\f\rshow\ttables ;\n")).isEqualTo(MetaCommand.Kind.SHOW_TABLES);
        assertThat(kind("Integrity\nCheck;")).isEqualTo(MetaCommand.Kind.INTEGRITY_CHECK);
        assertThat(MetaCommand.parse("\u000Bdesc \"odd \"\"name\"\"\";")
                        .orElseThrow()
                        .argument())
                .isEqualTo("odd \"name\"");
        assertThat(MetaCommand.parse("DESCRIBE `t`").orElseThrow().argument()).isEqualTo("t");
        assertThat(MetaCommand.parse("describe public.orders").orElseThrow().argument())
                .isEqualTo("public.orders");
    }

    @Test
    void leavesEverythingElseToTheGuard() {
        for (String sql : new String[] {
            "SELECT 1",
            "SHOWTABLES",
            "SHOW TABLES x",
            "\u00A0SHOW TABLES",
            "ſhow tables",
            "DESCRIBEorders",
            "EXPLAIN SELECT 1",
            "",
            "   ",
            "(SHOW TABLES)",
            "WITH x AS (SELECT 1)" + " SELECT * FROM x",
            "INTEGRITY",
            "DESC"
        }) {
            assertThat(MetaCommand.parse(sql)).as(sql).isEmpty();
        }
        assertThat(MetaCommand.parse(null)).isEmpty();
    }

    private static MetaCommand.Kind kind(String sql) {
        return MetaCommand.parse(sql).orElseThrow().kind();
    }
}
