/** The {@code gabysql} command line: picocli subcommands over the core service. */
package dev.gabysql.cli;
