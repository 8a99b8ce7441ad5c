package dev.gabysql.core.archfixture;

import picocli.CommandLine;

/** Breaks the core's freedom from front-end libraries on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksCoreRules {
    CommandLine commandLine;
}
