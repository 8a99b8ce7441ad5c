package dev.gabysql.cli.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.gabysql.cli.run.archfixture.BreaksCliLayers;
import dev.gabysql.cli.shell.Shell;
import dev.gabysql.core.api.archfixture.BreaksApiRules;
import dev.gabysql.core.archfixture.BreaksCoreRules;
import dev.gabysql.core.audit.archfixture.CycleA;
import dev.gabysql.core.error.archfixture.BreaksErrorRules;
import dev.gabysql.core.guard.archfixture.BreaksDialectRules;
import dev.gabysql.core.json.archfixture.CycleB;
import dev.gabysql.mcp.archfixture.BreaksFrontEndRules;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each layering rule fails on a class that breaks it: the fixtures (test classes, never part of a build's
 * product) each break one or more rules on purpose. A rule that passed them would protect nothing.
 */
class ArchitectureRulesBiteTest {
    private static final Map<String, Class<?>[]> BREAKERS = Map.of(
            "frontEndsNeverTouchJdbc", new Class<?>[] {BreaksFrontEndRules.class},
            "coreKnowsNoFrontEndLibrary", new Class<?>[] {BreaksCoreRules.class},
            "apiIsTheBottom", new Class<?>[] {BreaksApiRules.class},
            "errorImportsNothingAbove", new Class<?>[] {BreaksErrorRules.class},
            "nothingBelowTheServiceImportsIt", new Class<?>[] {BreaksApiRules.class},
            "vendorKnowledgeStaysInDialects", new Class<?>[] {BreaksDialectRules.class},
            "corePackagesFormNoCycle", new Class<?>[] {CycleA.class, CycleB.class},
            "frontEndsReachTheCoreThroughItsApi", new Class<?>[] {BreaksFrontEndRules.class},
            "modulesStackOneWay", new Class<?>[] {BreaksFrontEndRules.class},
            "cliPackagesStackOneWay", new Class<?>[] {BreaksCliLayers.class, Shell.class});

    @Test
    void everyRuleHasAClassThatBreaksIt() {
        assertThat(BREAKERS.keySet()).isEqualTo(ArchitectureRules.all().keySet());
    }

    @Test
    void everyRuleFailsOnTheClassThatBreaksIt() {
        ArchitectureRules.all().forEach((name, rule) -> {
            JavaClasses classes = new ClassFileImporter().importClasses(BREAKERS.get(name));
            EvaluationResult result = rule.evaluate(classes);
            assertThat(result.hasViolation()).as(name).isTrue();
        });
    }
}
