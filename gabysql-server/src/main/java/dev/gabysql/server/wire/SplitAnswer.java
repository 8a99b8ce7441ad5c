package dev.gabysql.server.wire;

import java.util.List;

/**
 * The answer of {@code POST /databases/{db}/split}: a text cut where the database's lexer ends statements.
 *
 * @param statements      the statements, stripped and without semicolons; one the text does not end comes last
 * @param complete        every statement is ended, or only blanks and comments follow the last one
 * @param endsInsideQuote the text opens a quote, dollar quote or comment that it does not close
 */
public record SplitAnswer(List<String> statements, boolean complete, boolean endsInsideQuote) {
    public SplitAnswer {
        statements = statements == null ? List.of() : List.copyOf(statements);
    }
}
