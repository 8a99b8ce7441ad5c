package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;

/**
 * SQLite functions with side effects, one commented table. The connection also refuses extension loading
 * (layer 2); these stay refused here so that the guard holds alone.
 */
final class SqliteFunctions {
    static final FunctionTable TABLE = new FunctionTable()
            // loads native code into the process
            .add(NEVER, "loads a native extension into the process", "load_extension")
            // the sqlite3 shell's file functions and the fileio/zipfile extensions reach the file system
            .add(
                    NEVER,
                    "reads or writes files on disk",
                    "readfile",
                    "writefile",
                    "edit",
                    "fsdir",
                    "lsdir",
                    "zipfile",
                    "sqlar_compress",
                    "sqlar_uncompress")
            // with two arguments it registers a tokenizer by raw pointer: memory corruption
            .add(NEVER, "registers a tokenizer by pointer", "fts3_tokenizer");

    private SqliteFunctions() {}
}
