package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins each flavour's vendor rules: every capability of {@link Flavor} and every statement that only some flavours
 * have ({@link Commands#has}), one row each. Changing a value, or adding a capability without a row, fails here,
 * so that it is a visible decision; what each value does to real SQL is in {@code guard-cases.txt}.
 */
class FlavorCapabilitiesTest {
    private static final List<Flavor> COLUMNS =
            List.of(Flavor.POSTGRESQL, Flavor.SQLITE, Flavor.MARIADB, Flavor.GENERIC);

    /** capability: pg sqlite maria generic. */
    private static final String CAPABILITIES = """
            ddlCommitsImplicitly                   no   no   yes  yes
            triggerBodiesHoldStatements            no   yes  no   no
            ddlOnCommonObjectsOnly                 no   no   no   yes
            alterChangesSettings                   yes  no   no   no
            untrustedLanguagesReachOs              yes  no   no   no
            sonameLoadsLibraries                   no   no   yes  no
            foreignTablesReachFiles                yes  no   no   no
            virtualTablesReachFiles                no   yes  no   no
            someStatementsRefuseTransactionBlock   yes  no   no   no
            selectIntoCreatesTable                 yes  no   no   no
            selectIntoWritesFileOrVariables        no   no   yes  no
            explainDescribesTables                 no   no   yes  no
            analyzeRunsStatement                   no   no   yes  no
            vacuumIntoWritesFile                   no   yes  no   no
            colonEqualsAssignsVariables            no   no   yes  no
            outfileWritesServerFiles               no   no   yes  yes
            quotedFromMayNameFile                  no   no   no   yes
            functionsAreBuiltIn                    no   yes  no   no
            catalogSchemaQualifiesBuiltIns         yes  no   no   no
            """;

    /** statement: pg sqlite maria generic. */
    private static final String STATEMENTS = """
            PRAGMA     no   yes  no   no
            VACUUM     yes  yes  no   no
            REINDEX    yes  yes  no   no
            CLUSTER    yes  no   no   no
            COPY       yes  no   no   no
            REPLACE    no   yes  yes  no
            MERGE      yes  no   no   yes
            DESCRIBE   no   no   yes  yes
            DESC       no   no   yes  yes
            """;

    @Test
    void everyCapabilityHasTheValuesOfItsRow() throws Exception {
        Map<String, List<Boolean>> table = parse(CAPABILITIES);
        for (Map.Entry<String, List<Boolean>> row : table.entrySet()) {
            Method m = Flavor.class.getDeclaredMethod(row.getKey());
            List<Boolean> actual = new ArrayList<>();
            for (Flavor f : COLUMNS) {
                actual.add((Boolean) m.invoke(f));
            }
            assertThat(actual)
                    .as(row.getKey() + " (pg, sqlite, maria, generic)")
                    .isEqualTo(row.getValue());
        }
    }

    @Test
    void everyCapabilityOfFlavorHasARow() {
        List<String> capabilities = Arrays.stream(Flavor.class.getDeclaredMethods())
                .filter(m -> m.getReturnType() == boolean.class && m.getParameterCount() == 0)
                .filter(m -> !Modifier.isStatic(m.getModifiers()) && !Modifier.isPrivate(m.getModifiers()))
                .filter(m -> !m.isSynthetic())
                .map(Method::getName)
                .toList();
        assertThat(parse(CAPABILITIES).keySet()).containsExactlyInAnyOrderElementsOf(capabilities);
    }

    @Test
    void explainOptionsAreWrittenAsEachFlavourWritesThem() {
        assertThat(COLUMNS.stream().map(Flavor::explainSyntax))
                .containsExactly(
                        Explains.Syntax.OPTION_LIST,
                        Explains.Syntax.QUERY_PLAN,
                        Explains.Syntax.KEYWORDS,
                        Explains.Syntax.OPTION_LIST);
    }

    @Test
    void statementsThatOnlySomeFlavoursHaveAreTheRowsOfCommands() {
        for (Map.Entry<String, List<Boolean>> row : parse(STATEMENTS).entrySet()) {
            List<Boolean> actual = new ArrayList<>();
            for (Flavor f : COLUMNS) {
                actual.add(Commands.has(row.getKey(), f.id()));
            }
            assertThat(actual)
                    .as(row.getKey() + " (pg, sqlite, maria, generic)")
                    .isEqualTo(row.getValue());
        }
    }

    @Test
    void eachFlavourIsItsOwnConstant() {
        for (Flavor f : COLUMNS) {
            assertThat(Flavor.of(f.id())).isSameAs(f);
        }
        assertThat(Flavor.of(null)).isSameAs(Flavor.GENERIC);
    }

    private static Map<String, List<Boolean>> parse(String table) {
        Map<String, List<Boolean>> rows = new LinkedHashMap<>();
        for (String line : table.strip().split("\n")) {
            String[] cells = line.strip().split("\\s+");
            assertThat(cells).as(line).hasSize(1 + COLUMNS.size());
            List<Boolean> values = new ArrayList<>();
            for (int i = 1; i < cells.length; i++) {
                assertThat(cells[i]).as(line).isIn("yes", "no");
                values.add(cells[i].equals("yes"));
            }
            rows.put(cells[0], values);
        }
        return rows;
    }
}
