package dev.gabysql.cli.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The production classes of every module keep the layering rules of docs/design.md#modules-and-layers. */
class ArchitectureTest {
    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar")) // the core's test fixtures
                .importPackages("dev.gabysql");
    }

    static Stream<String> rules() {
        return ArchitectureRules.all().keySet().stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void holds(String rule) {
        ArchitectureRules.all().get(rule).check(production);
    }
}
