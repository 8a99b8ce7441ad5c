package dev.gabysql.cli.run;

import dev.gabysql.core.error.Action;
import dev.gabysql.core.error.ActionWords;

/** The core's actions in the shell's terms: statements, backslash commands and flags (README "SQL shell"). */
public final class ShellWords implements ActionWords {
    public static final ShellWords INSTANCE = new ShellWords();

    private ShellWords() {}

    @Override
    public String wordsFor(Action action) {
        switch (action) {
            case READ:
                return "Run it as a plain query.";
            case WRITE:
                return "Writes need --mode readwrite (or admin) and a database that allows them.";
            case LIST_DATABASES:
                return "List the databases with \\l (or SHOW DATABASES); a SQLite file can be named by its path.";
            case LIST_TABLES:
                return "List the tables with \\d (or SHOW TABLES).";
            case PREVIEW_AGAIN:
                return "Run the statement again for a fresh preview.";
            case ALLOW_FULL_TABLE:
                return "Add a WHERE clause; to change every row, answer yes when asked, or pass --allow-full-table"
                        + " to a script.";
            case ONE_STATEMENT_PER_CALL:
                return "End each statement with ;";
            default:
                return null;
        }
    }
}
