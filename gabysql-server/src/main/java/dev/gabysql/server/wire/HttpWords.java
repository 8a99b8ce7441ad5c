package dev.gabysql.server.wire;

import dev.gabysql.core.error.Action;
import dev.gabysql.core.error.ActionWords;

/** The core's actions in the HTTP API's terms: endpoints and body fields (docs/http-api.md). Stateless. */
public final class HttpWords implements ActionWords {
    public static final HttpWords INSTANCE = new HttpWords();

    private HttpWords() {}

    @Override
    public String wordsFor(Action action) {
        switch (action) {
            case READ:
                return "Send reads to POST /sql without \"execute\".";
            case WRITE: // the SQL endpoint names "execute" itself, and only where a write could pass
                return null;
            case LIST_DATABASES:
                return "Use a name GET /databases lists, never a path or URL.";
            case LIST_TABLES:
                return "List the tables with GET /databases/{db}/schema?detail=names.";
            case PREVIEW_AGAIN:
                return "Send the statement again with \"execute\": true and no confirm_token for a fresh preview.";
            case ALLOW_FULL_TABLE:
                return "Add a WHERE clause, or send \"allow_full_table\": true if every row is really meant.";
            case ONE_STATEMENT_PER_CALL:
                return "Send exactly one statement per request.";
            default:
                return null;
        }
    }
}
