/**
 * The JSON SQL API ({@code POST /sql}, {@code GET /databases}, …): one routing table, one endpoint class per
 * family, deadlines, and the watch that cancels a statement when its client hangs up. Every endpoint calls the
 * core's {@link dev.gabysql.core.api.GabyService}, never JDBC (docs/http-api.md).
 */
package dev.gabysql.server.api;
