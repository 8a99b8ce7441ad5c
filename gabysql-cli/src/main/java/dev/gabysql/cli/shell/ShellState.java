package dev.gabysql.cli.shell;

import dev.gabysql.cli.format.Format;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.ScriptSplitter;

/** What the person has set in this shell session: database, output format, display toggles. Single-threaded. */
final class ShellState {
    /** psql's \x: off, on, or on only when a table would not fit the terminal. */
    enum Expanded {
        OFF,
        ON,
        AUTO
    }

    String db;
    String dialect = "";
    Mode mode = Mode.READONLY;
    /** Who approves the writes agents send to this database (null: it cannot be written here). */
    ApprovalPolicy approval;

    Format format;
    Expanded expanded = Expanded.OFF;
    boolean timing;

    ShellState(String db, Format format) {
        this.db = db;
        this.format = format;
    }

    /** Where the current database's statements end, as the service splits them (it changes with \c). */
    ScriptSplitter splitter;

    String prompt() {
        return db + modeTag() + "=> ";
    }

    /** The prompt of a statement's second and later lines, as wide as the first. */
    String continuationPrompt() {
        return db + modeTag() + "-> ";
    }

    private String modeTag() {
        return mode == Mode.READONLY ? "" : "[" + mode.label() + "]";
    }
}
