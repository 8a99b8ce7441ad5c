package dev.gabysql.cli.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.gabysql.cli.archfixture.BreaksLexerRule;
import dev.gabysql.cli.run.archfixture.BreaksCliLayers;
import dev.gabysql.cli.shell.Shell;
import dev.gabysql.core.api.archfixture.BreaksApiRules;
import dev.gabysql.core.archfixture.BreaksCoreRules;
import dev.gabysql.core.audit.archfixture.CycleA;
import dev.gabysql.core.error.archfixture.BreaksErrorRules;
import dev.gabysql.core.guard.archfixture.BreaksDialectRules;
import dev.gabysql.core.json.archfixture.CycleB;
import dev.gabysql.mcp.archfixture.BreaksFrontEndRules;
import dev.gabysql.mcp.json.archfixture.BreaksMcpLayers;
import dev.gabysql.mcp.tool.archfixture.McpCycleB;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each layering rule fails on a class that breaks it: the fixtures (test classes, never part of a build's
 * product) each break one or more rules on purpose. A rule that passed them would protect nothing.
 */
class ArchitectureRulesBiteTest {
    private static final Map<String, Class<?>[]> BREAKERS = Map.ofEntries(
            Map.entry("frontEndsNeverTouchJdbc", new Class<?>[] {BreaksFrontEndRules.class}),
            Map.entry("coreKnowsNoFrontEndLibrary", new Class<?>[] {BreaksCoreRules.class}),
            Map.entry("apiIsTheBottom", new Class<?>[] {BreaksApiRules.class}),
            Map.entry("errorImportsNothingAbove", new Class<?>[] {BreaksErrorRules.class}),
            Map.entry("nothingBelowTheServiceImportsIt", new Class<?>[] {BreaksApiRules.class}),
            Map.entry("vendorKnowledgeStaysInDialects", new Class<?>[] {BreaksDialectRules.class}),
            Map.entry("corePackagesFormNoCycle", new Class<?>[] {CycleA.class, CycleB.class}),
            Map.entry("frontEndsReachTheCoreThroughItsApi", new Class<?>[] {BreaksFrontEndRules.class}),
            Map.entry("frontEndsNeverReadSqlThemselves", new Class<?>[] {BreaksLexerRule.class}),
            Map.entry("modulesStackOneWay", new Class<?>[] {BreaksFrontEndRules.class}),
            Map.entry("cliPackagesStackOneWay", new Class<?>[] {BreaksCliLayers.class, Shell.class}),
            Map.entry("mcpPackagesStackOneWay", new Class<?>[] {BreaksMcpLayers.class, McpCycleB.class}),
            Map.entry("mcpPackagesFormNoCycle", new Class<?>[] {BreaksMcpLayers.class, McpCycleB.class}));

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
