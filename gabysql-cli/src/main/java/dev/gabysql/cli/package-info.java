/**
 * The {@code gabysql} command line: picocli subcommands over the core service. The commands sit on top of the
 * CLI's packages: {@code shell} (the interactive shell), {@code run} (statement and script running), {@code format}
 * (result rendering) and {@code start} (start-up helpers); none of those imports this package
 * (docs/design.md#modules-and-layers).
 */
package dev.gabysql.cli;
