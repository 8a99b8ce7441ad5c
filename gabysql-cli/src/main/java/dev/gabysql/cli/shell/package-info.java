/**
 * The interactive SQL shell of {@code gabysql sql} on a terminal (JLine): reading multi-line statements with
 * history and completion, backslash commands, width-aware and expanded result display, Ctrl-C cancellation, and
 * the preview-then-{@code Commit? [y/N]} flow for writes. Everything goes through the core's GabyService; nothing
 * here talks JDBC.
 */
package dev.gabysql.cli.shell;
