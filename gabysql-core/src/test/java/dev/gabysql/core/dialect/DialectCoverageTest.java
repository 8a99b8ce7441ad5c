package dev.gabysql.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every dialect in the registry runs every contract suite, or says why not ({@link DialectFixtures}): adding a
 * database to {@link Dialects} without its contract subclasses fails here.
 */
class DialectCoverageTest {

    @Test
    void everyRegisteredDialectHasASubclassOfEverySuiteOrAStatedReason() {
        List<String> missing = new ArrayList<>();
        for (String suite : DialectFixtures.SUBCLASSES.keySet()) {
            for (Dialect dialect : Dialects.all()) {
                String subclass = entry(DialectFixtures.SUBCLASSES, suite, dialect.id());
                String reason = entry(DialectFixtures.NOT_YET, suite, dialect.id());
                if (subclass == null && (reason == null || reason.isBlank())) {
                    missing.add(suite + " on " + dialect.id());
                }
                assertThat(subclass != null && reason != null)
                        .as("%s on %s has a subclass: drop its reason from NOT_YET", suite, dialect.id())
                        .isFalse();
            }
        }
        assertThat(missing).as("suites a registered dialect does not run").isEmpty();
    }

    @Test
    void eachListedSubclassIsAConcreteSubclassOfItsSuite() throws ClassNotFoundException {
        for (Map.Entry<String, Map<String, String>> suite : DialectFixtures.SUBCLASSES.entrySet()) {
            Class<?> abstractSuite = Class.forName(suite.getKey());
            assertThat(Modifier.isAbstract(abstractSuite.getModifiers())).isTrue();
            for (String name : suite.getValue().values()) {
                Class<?> subclass = Class.forName(name);
                assertThat(abstractSuite.isAssignableFrom(subclass))
                        .as("%s extends %s", name, suite.getKey())
                        .isTrue();
                assertThat(Modifier.isAbstract(subclass.getModifiers()))
                        .as(name)
                        .isFalse();
            }
        }
    }

    @Test
    void everyDialectIdListedIsRegistered() {
        List<String> ids = Dialects.all().stream().map(Dialect::id).toList();
        for (Map<String, Map<String, String>> table : List.of(DialectFixtures.SUBCLASSES, DialectFixtures.NOT_YET)) {
            table.values().forEach(byDialect -> assertThat(ids).containsAll(byDialect.keySet()));
        }
    }

    private static String entry(Map<String, Map<String, String>> table, String suite, String dialect) {
        return table.getOrDefault(suite, Map.of()).get(dialect);
    }
}
