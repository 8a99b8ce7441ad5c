package dev.gabysql.cli.run.archfixture;

import dev.gabysql.cli.shell.Shell;

/** A statement runner that reaches up into the shell, on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksCliLayers {
    Shell shell;
}
