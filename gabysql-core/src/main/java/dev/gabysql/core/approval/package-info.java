/**
 * Writes that wait for a person (docs/design.md#approval): the store they wait in, shared by the processes of one
 * account ({@code gabysql mcp} asks, {@code gabysql approve} answers), decided once.
 */
package dev.gabysql.core.approval;
