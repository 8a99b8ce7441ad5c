/**
 * The guard, layer 3 of gabysql's defence: a dialect-aware lexer, a classifier mapping one statement to a
 * {@link dev.gabysql.core.guard.StatementKind}, and the policy deciding what a mode allows. It fails closed.
 */
package dev.gabysql.core.guard;
