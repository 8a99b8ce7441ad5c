package dev.gabysql.core.guard;

/**
 * Layer 3 of the defence (docs/design.md#the-guard): reads one statement and says what it is, failing closed. Lexer
 * (comments, quotes, dollar quotes, E'' strings, executable comments, per flavour) → exactly-one-statement check →
 * classifier (leading words, CTEs, EXPLAIN, WHERE of UPDATE/DELETE, INTO) → one scan for side-effect
 * functions and locking clauses. {@link AccessPolicy} then decides what a mode allows. Stateless and
 * thread-safe; linear in the length of the SQL.
 */
public final class SqlGuard {
    private SqlGuard() {}

    /**
     * Inspects one statement.
     *
     * @throws dev.gabysql.core.error.GabyException EMPTY_SQL when there is no statement, MULTIPLE_STATEMENTS
     *         when anything follows the first one's semicolon, UNCLASSIFIABLE when the text cannot be read safely
     *         (unterminated strings or comments, ambiguous quoting, unbalanced parentheses, …)
     */
    public static InspectedStatement inspect(String sql, SqlFlavor flavor) {
        if (sql == null || sql.isBlank()) {
            throw Refusals.empty();
        }
        if (sql.indexOf('\0') >= 0) {
            throw Refusals.unclassifiable("The guard cannot read the SQL safely: it contains a NUL character.");
        }
        Flavor f = Flavor.of(flavor);
        TokenList tokens = Lexer.lex(sql, f.lexer());
        int end = Statements.end(tokens, f);
        if (end == 0) {
            throw Refusals.empty();
        }
        if (!tokens.balanced()) {
            throw Refusals.unclassifiable("The guard cannot read the SQL safely: its parentheses do not balance.");
        }
        Analysis a = new Classifier(tokens, f).classify(0, end);
        ClauseScanner.scan(tokens, 0, end, f, a);
        return a.toStatement(tokens.statementText(end));
    }
}
