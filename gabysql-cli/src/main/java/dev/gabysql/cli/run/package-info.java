/**
 * Running statements on the command line, shared by the shell and the commands: one statement read or previewed
 * and confirmed ({@link dev.gabysql.cli.run.StatementExecutor}), scripts and {@code -c} statements one by one
 * ({@link dev.gabysql.cli.run.ScriptRunner}, {@link dev.gabysql.cli.run.ScriptConfirmer}), and how the command line
 * words the core's errors and actions ({@link dev.gabysql.cli.run.ErrorLines}, {@link dev.gabysql.cli.run.ShellWords}).
 * Imports only {@code cli.format} of the CLI's packages (docs/design.md#modules-and-layers).
 */
package dev.gabysql.cli.run;
