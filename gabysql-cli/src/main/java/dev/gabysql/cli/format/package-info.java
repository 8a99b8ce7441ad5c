/** How the CLI prints results: table, CSV, JSON, Markdown. */
package dev.gabysql.cli.format;
