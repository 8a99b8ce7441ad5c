package dev.gabysql.cli.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;

/**
 * The layering of docs/design.md#modules-and-layers as ArchUnit rules over compiled classes. {@link
 * ArchitectureTest} checks them against every module's production classes (this module's test class path holds
 * them all); {@link ArchitectureRulesBiteTest} shows that each rule fails on a class that breaks it.
 */
final class ArchitectureRules {
    static final String CORE = "dev.gabysql.core..";
    static final String[] FRONT_ENDS = {"dev.gabysql.mcp..", "dev.gabysql.server..", "dev.gabysql.cli.."};

    private ArchitectureRules() {}

    /** Every rule by name, for the tests to check one by one. */
    static Map<String, ArchRule> all() {
        return Map.ofEntries(
                Map.entry("frontEndsNeverTouchJdbc", frontEndsNeverTouchJdbc()),
                Map.entry("coreKnowsNoFrontEndLibrary", coreKnowsNoFrontEndLibrary()),
                Map.entry("apiIsTheBottom", apiIsTheBottom()),
                Map.entry("errorImportsNothingAbove", errorImportsNothingAbove()),
                Map.entry("nothingBelowTheServiceImportsIt", nothingBelowTheServiceImportsIt()),
                Map.entry("vendorKnowledgeStaysInDialects", vendorKnowledgeStaysInDialects()),
                Map.entry("corePackagesFormNoCycle", corePackagesFormNoCycle()),
                Map.entry("frontEndsReachTheCoreThroughItsApi", frontEndsReachTheCoreThroughItsApi()),
                Map.entry("frontEndsNeverReadSqlThemselves", frontEndsNeverReadSqlThemselves()),
                Map.entry("modulesStackOneWay", modulesStackOneWay()),
                Map.entry("cliPackagesStackOneWay", cliPackagesStackOneWay()),
                Map.entry("mcpPackagesStackOneWay", mcpPackagesStackOneWay()),
                Map.entry("mcpPackagesFormNoCycle", mcpPackagesFormNoCycle()));
    }

    static ArchRule frontEndsNeverTouchJdbc() {
        return noClasses()
                .that()
                .resideInAnyPackage(FRONT_ENDS)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("java.sql..")
                .because("front ends call GabyService; only the core talks JDBC");
    }

    static ArchRule coreKnowsNoFrontEndLibrary() {
        return noClasses()
                .that()
                .resideInAPackage(CORE)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.modelcontextprotocol..",
                        "org.eclipse.jetty..",
                        "jakarta.servlet..",
                        "picocli..",
                        "org.jline..",
                        "dev.gabysql.mcp..",
                        "dev.gabysql.server..",
                        "dev.gabysql.cli..")
                .because("the core is free of MCP, HTTP and the CLI");
    }

    static ArchRule apiIsTheBottom() {
        return classes()
                .that()
                .resideInAPackage("dev.gabysql.core.api..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "dev.gabysql.core.api..", "dev.gabysql.core.error..", "java..", "com.fasterxml.jackson..")
                .because("the API sits at the bottom: it imports only error");
    }

    static ArchRule errorImportsNothingAbove() {
        return classes()
                .that()
                .resideInAPackage("dev.gabysql.core.error..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("dev.gabysql.core.error..", "dev.gabysql.core.internal..", "java..")
                .because("every layer may throw GabyException");
    }

    static ArchRule nothingBelowTheServiceImportsIt() {
        return noClasses()
                .that()
                .resideInAPackage(CORE)
                .and()
                .resideOutsideOfPackage("dev.gabysql.core.service..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.gabysql.core.service..")
                .because("data flows front end → service → guard → executor → dialect, never back");
    }

    static ArchRule vendorKnowledgeStaysInDialects() {
        return noClasses()
                .that()
                .resideOutsideOfPackage("dev.gabysql.core.dialect..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.gabysql.core.dialect.sqlite..",
                        "dev.gabysql.core.dialect.postgres..",
                        "dev.gabysql.core.dialect.mariadb..",
                        "dev.gabysql.core.dialect.generic..",
                        "org.postgresql..",
                        "org.mariadb..",
                        "org.sqlite..")
                .because("each database's knowledge lives in its Dialect package");
    }

    static ArchRule corePackagesFormNoCycle() {
        return slices().matching("dev.gabysql.core.(*)..")
                .should()
                .beFreeOfCycles()
                .because("the core's packages have a floor plan: each imports only packages below it");
    }

    static ArchRule frontEndsReachTheCoreThroughItsApi() {
        return noClasses()
                .that()
                .resideInAnyPackage("dev.gabysql.mcp..", "dev.gabysql.server..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.gabysql.core.service..",
                        "dev.gabysql.core.exec..",
                        "dev.gabysql.core.guard..",
                        "dev.gabysql.core.dialect..",
                        "dev.gabysql.core.catalog..")
                .because("MCP and HTTP call GabyService; only the CLI, which assembles the program, builds one");
    }

    /**
     * Tighter than {@link #frontEndsReachTheCoreThroughItsApi} and for the CLI too, which may assemble the service
     * but not read SQL: what a statement is and where a script's statements end, the service says
     * ({@code inspect}, {@code scriptSplitter}).
     */
    static ArchRule frontEndsNeverReadSqlThemselves() {
        return noClasses()
                .that()
                .resideInAnyPackage(FRONT_ENDS)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.gabysql.core.guard..", "dev.gabysql.core.dialect..")
                .because("the guard's lexer and the dialect registry are the service's: front ends ask it");
    }

    static ArchRule modulesStackOneWay() {
        return noClasses()
                .that()
                .resideInAPackage("dev.gabysql.mcp..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.gabysql.server..", "dev.gabysql.cli..")
                .because("cli assembles server and mcp; server builds on mcp; mcp on the core alone");
    }

    /**
     * The CLI's packages: the commands on top; the shell over the statement runners; the runners over the result
     * formats; start-up helpers for the commands alone. A layered rule checks the accesses into each layer's
     * classes, so its bite test imports the fixture and the class it reaches; layers may be empty there.
     */
    static ArchRule cliPackagesStackOneWay() {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("commands")
                .definedBy("dev.gabysql.cli")
                .layer("shell")
                .definedBy("dev.gabysql.cli.shell..")
                .layer("run")
                .definedBy("dev.gabysql.cli.run..")
                .layer("format")
                .definedBy("dev.gabysql.cli.format..")
                .layer("start")
                .definedBy("dev.gabysql.cli.start..")
                .whereLayer("commands")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("shell")
                .mayOnlyBeAccessedByLayers("commands")
                .whereLayer("run")
                .mayOnlyBeAccessedByLayers("commands", "shell")
                .whereLayer("format")
                .mayOnlyBeAccessedByLayers("commands", "shell", "run")
                .whereLayer("start")
                .mayOnlyBeAccessedByLayers("commands")
                .because("commands → shell → run → format, each importing only what is below it");
    }

    static ArchRule mcpPackagesFormNoCycle() {
        return slices().matching("dev.gabysql.mcp.(*)..")
                .should()
                .beFreeOfCycles()
                .because("the MCP module's packages import one way: stdio → tool → json");
    }

    /**
     * The MCP module's packages: the root (the server, its options, resources and prompts) over the stdio transport,
     * over the tools, over the hand-made JSON at the bottom. Checked as {@link #cliPackagesStackOneWay} is.
     */
    static ArchRule mcpPackagesStackOneWay() {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("root")
                .definedBy("dev.gabysql.mcp")
                .layer("stdio")
                .definedBy("dev.gabysql.mcp.stdio..")
                .layer("tool")
                .definedBy("dev.gabysql.mcp.tool..")
                .layer("json")
                .definedBy("dev.gabysql.mcp.json..")
                .whereLayer("root")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("stdio")
                .mayOnlyBeAccessedByLayers("root")
                .whereLayer("tool")
                .mayOnlyBeAccessedByLayers("root", "stdio")
                .whereLayer("json")
                .mayOnlyBeAccessedByLayers("root", "stdio", "tool")
                .because("root → stdio → tool → json, each importing only what is below it");
    }
}
