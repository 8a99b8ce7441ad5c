/**
 * The guard, layer 3 of gabysql's defence (docs/design.md#the-guard). It fails closed.
 * <ol>
 *   <li>{@code Lexer}: one pass over the text, per-flavour rules in {@code LexerRules} (comments, strings with
 *   or without backslash escapes, dollar quotes, quoted identifiers, MariaDB executable comments); anything it
 *   cannot read the way every engine would is refused.</li>
 *   <li>{@code Statements}: exactly one statement per call; a semicolon in the BEGIN … END body of the statements
 *   {@code CompoundBodies} names does not end it.</li>
 *   <li>{@code Classifier} and its parts ({@code Reads}, {@code Ctes}, {@code Writes}, {@code Explains},
 *   {@code Ddl}, {@code Maintenance}, {@code SqlitePragmas}, the {@code Commands} table): the statement's
 *   {@link dev.gabysql.core.guard.StatementKind}; {@code ClauseScanner}: side-effect functions (one commented
 *   table per flavour: {@code PostgresFunctions}, {@code SqliteFunctions}, {@code MariaDbFunctions},
 *   {@code GenericFunctions}), locking clauses and the like, wherever they hide.</li>
 *   <li>{@link dev.gabysql.core.guard.AccessPolicy}: what a mode allows.</li>
 * </ol>
 * Vendor rules are named capabilities of {@code Flavor} (and rows of {@code Commands}); the classifiers ask a
 * capability, never which flavour they run in. {@code FlavorCapabilitiesTest} pins every value per flavour.
 * Entry points: {@link dev.gabysql.core.guard.SqlGuard#inspect} and {@link dev.gabysql.core.guard.AccessPolicy};
 * {@link dev.gabysql.core.guard.SqlScripts} splits scripts into statements with the same lexer, for front ends
 * that run scripts.
 * Everything here is stateless or immutable, hence thread-safe.
 */
package dev.gabysql.core.guard;
