package dev.gabysql.core.guard;

import java.util.EnumSet;
import java.util.Set;

/**
 * Everything the guard knows about one flavour, in one place: how it lexes, which functions have side effects,
 * and its vendor rules as named capabilities (which statements a flavour has at all is a row of {@link Commands}).
 * The guard's classifiers ask a capability, never which flavour this is; {@code FlavorCapabilitiesTest} pins every
 * value. Adding a flavour means one constant here, one {@link LexerRules}, one function table and its rows in
 * {@link Commands}. Immutable.
 */
final class Flavor {
    static final Flavor POSTGRESQL = new Flavor(
            SqlFlavor.POSTGRESQL,
            LexerRules.POSTGRESQL,
            PostgresFunctions.TABLE,
            Explains.Syntax.OPTION_LIST,
            EnumSet.of(
                    Rule.ALTER_CHANGES_SETTINGS,
                    Rule.UNTRUSTED_LANGUAGES_REACH_OS,
                    Rule.FOREIGN_TABLES_REACH_FILES,
                    Rule.SOME_STATEMENTS_REFUSE_TRANSACTION_BLOCK,
                    Rule.SELECT_INTO_CREATES_TABLE,
                    Rule.CATALOG_SCHEMA_QUALIFIES_BUILT_INS));
    static final Flavor SQLITE = new Flavor(
            SqlFlavor.SQLITE,
            LexerRules.SQLITE,
            SqliteFunctions.TABLE,
            Explains.Syntax.QUERY_PLAN,
            EnumSet.of(
                    Rule.TRIGGER_BODIES_HOLD_STATEMENTS,
                    Rule.FUNCTIONS_ARE_BUILT_IN,
                    Rule.VIRTUAL_TABLES_REACH_FILES,
                    Rule.VACUUM_INTO_WRITES_FILE));
    static final Flavor MARIADB = new Flavor(
            SqlFlavor.MARIADB,
            LexerRules.MARIADB,
            MariaDbFunctions.TABLE,
            Explains.Syntax.KEYWORDS,
            EnumSet.of(
                    Rule.DDL_COMMITS_IMPLICITLY,
                    Rule.SONAME_LOADS_LIBRARIES,
                    Rule.SELECT_INTO_WRITES_FILE_OR_VARIABLES,
                    Rule.EXPLAIN_DESCRIBES_TABLES,
                    Rule.ANALYZE_RUNS_STATEMENT,
                    Rule.COLON_EQUALS_ASSIGNS_VARIABLES,
                    Rule.OUTFILE_WRITES_SERVER_FILES));
    static final Flavor GENERIC = new Flavor(
            SqlFlavor.GENERIC,
            LexerRules.GENERIC,
            GenericFunctions.TABLE,
            Explains.Syntax.OPTION_LIST,
            EnumSet.of(
                    Rule.DDL_COMMITS_IMPLICITLY,
                    Rule.DDL_ON_COMMON_OBJECTS_ONLY,
                    Rule.OUTFILE_WRITES_SERVER_FILES,
                    Rule.QUOTED_FROM_MAY_NAME_FILE));

    /** The capabilities below, one constant each; the Javadoc is on the accessor. */
    private enum Rule {
        DDL_COMMITS_IMPLICITLY,
        TRIGGER_BODIES_HOLD_STATEMENTS,
        DDL_ON_COMMON_OBJECTS_ONLY,
        ALTER_CHANGES_SETTINGS,
        UNTRUSTED_LANGUAGES_REACH_OS,
        SONAME_LOADS_LIBRARIES,
        FOREIGN_TABLES_REACH_FILES,
        VIRTUAL_TABLES_REACH_FILES,
        SOME_STATEMENTS_REFUSE_TRANSACTION_BLOCK,
        SELECT_INTO_CREATES_TABLE,
        SELECT_INTO_WRITES_FILE_OR_VARIABLES,
        EXPLAIN_DESCRIBES_TABLES,
        ANALYZE_RUNS_STATEMENT,
        VACUUM_INTO_WRITES_FILE,
        COLON_EQUALS_ASSIGNS_VARIABLES,
        OUTFILE_WRITES_SERVER_FILES,
        QUOTED_FROM_MAY_NAME_FILE,
        FUNCTIONS_ARE_BUILT_IN,
        CATALOG_SCHEMA_QUALIFIES_BUILT_INS
    }

    private final SqlFlavor id;
    private final LexerRules lexer;
    private final FunctionTable functions;
    private final Explains.Syntax explainSyntax;
    private final Set<Rule> rules;

    private Flavor(
            SqlFlavor id, LexerRules lexer, FunctionTable functions, Explains.Syntax explainSyntax, Set<Rule> rules) {
        this.id = id;
        this.lexer = lexer;
        this.functions = functions;
        this.explainSyntax = explainSyntax;
        this.rules = rules;
    }

    static Flavor of(SqlFlavor flavor) {
        switch (flavor == null ? SqlFlavor.GENERIC : flavor) {
            case POSTGRESQL:
                return POSTGRESQL;
            case SQLITE:
                return SQLITE;
            case MARIADB:
                return MARIADB;
            default:
                return GENERIC;
        }
    }

    /** The flavour's name: the key of its rows in {@link Commands} and the word refusals use. */
    SqlFlavor id() {
        return id;
    }

    /** How strings, identifiers and comments are written. */
    LexerRules lexer() {
        return lexer;
    }

    /** Functions with side effects. */
    FunctionTable functions() {
        return functions;
    }

    /** How EXPLAIN's options are written (PostgreSQL and generic: a list; SQLite: QUERY PLAN; MariaDB: words). */
    Explains.Syntax explainSyntax() {
        return explainSyntax;
    }

    /** MariaDB/MySQL and generic: DDL ends the transaction, so it can never be previewed. */
    boolean ddlCommitsImplicitly() {
        return rules.contains(Rule.DDL_COMMITS_IMPLICITLY);
    }

    /** SQLite: a CREATE TRIGGER's BEGIN … END body holds semicolons of its own, inside the one statement. */
    boolean triggerBodiesHoldStatements() {
        return rules.contains(Rule.TRIGGER_BODIES_HOLD_STATEMENTS);
    }

    /** Generic: DDL only on tables, views, indexes, sequences and schemas, which every engine means the same by. */
    boolean ddlOnCommonObjectsOnly() {
        return rules.contains(Rule.DDL_ON_COMMON_OBJECTS_ONLY);
    }

    /** PostgreSQL: ALTER SYSTEM and ALTER DATABASE/ROLE/USER … SET/RESET change settings (a session change). */
    boolean alterChangesSettings() {
        return rules.contains(Rule.ALTER_CHANGES_SETTINGS);
    }

    /** PostgreSQL: a function in C, internal or an untrusted language (pl…u) runs with the server's OS rights. */
    boolean untrustedLanguagesReachOs() {
        return rules.contains(Rule.UNTRUSTED_LANGUAGES_REACH_OS);
    }

    /** MariaDB/MySQL: {@code SONAME} in DDL loads a native library into the server. */
    boolean sonameLoadsLibraries() {
        return rules.contains(Rule.SONAME_LOADS_LIBRARIES);
    }

    /** PostgreSQL: a foreign table with a FILENAME or PROGRAM option reaches the server's file system. */
    boolean foreignTablesReachFiles() {
        return rules.contains(Rule.FOREIGN_TABLES_REACH_FILES);
    }

    /** SQLite: a virtual table over a file module (fsdir, zipfile, csv, …) reads or writes files. */
    boolean virtualTablesReachFiles() {
        return rules.contains(Rule.VIRTUAL_TABLES_REACH_FILES);
    }

    /**
     * PostgreSQL: CREATE/DROP DATABASE or TABLESPACE, … CONCURRENTLY and REINDEX DATABASE/SYSTEM refuse a
     * transaction block, so they cannot be previewed.
     */
    boolean someStatementsRefuseTransactionBlock() {
        return rules.contains(Rule.SOME_STATEMENTS_REFUSE_TRANSACTION_BLOCK);
    }

    /** PostgreSQL: a top-level {@code SELECT … INTO t} creates a table (DDL), so it is no read. */
    boolean selectIntoCreatesTable() {
        return rules.contains(Rule.SELECT_INTO_CREATES_TABLE);
    }

    /** MariaDB/MySQL: {@code SELECT … INTO} writes a file (OUTFILE, DUMPFILE) or assigns session variables. */
    boolean selectIntoWritesFileOrVariables() {
        return rules.contains(Rule.SELECT_INTO_WRITES_FILE_OR_VARIABLES);
    }

    /** MariaDB/MySQL: EXPLAIN or DESCRIBE of a table (not a statement) lists its columns: a read. */
    boolean explainDescribesTables() {
        return rules.contains(Rule.EXPLAIN_DESCRIBES_TABLES);
    }

    /** MariaDB: {@code ANALYZE <statement>} runs the statement, like EXPLAIN ANALYZE; ANALYZE TABLE does not. */
    boolean analyzeRunsStatement() {
        return rules.contains(Rule.ANALYZE_RUNS_STATEMENT);
    }

    /** SQLite: {@code VACUUM INTO 'file'} writes a copy of the database to a file. */
    boolean vacuumIntoWritesFile() {
        return rules.contains(Rule.VACUUM_INTO_WRITES_FILE);
    }

    /** MariaDB/MySQL: {@code :=} assigns a session variable (in PostgreSQL it names a function argument). */
    boolean colonEqualsAssignsVariables() {
        return rules.contains(Rule.COLON_EQUALS_ASSIGNS_VARIABLES);
    }

    /** MariaDB/MySQL and generic: the words OUTFILE and DUMPFILE anywhere may write a file on the server. */
    boolean outfileWritesServerFiles() {
        return rules.contains(Rule.OUTFILE_WRITES_SERVER_FILES);
    }

    /** Generic: a quoted name after FROM or JOIN may be a file that an embedded engine reads. */
    boolean quotedFromMayNameFile() {
        return rules.contains(Rule.QUOTED_FROM_MAY_NAME_FILE);
    }

    /**
     * SQLite: SQL cannot define functions (gabysql registers none), so every function a statement calls is a
     * built-in whose effects the function table lists: an unknown name is no reason to refuse a preview.
     */
    boolean functionsAreBuiltIn() {
        return rules.contains(Rule.FUNCTIONS_ARE_BUILT_IN);
    }

    /**
     * PostgreSQL: {@code pg_catalog.f()} is the built-in {@code f}; any other qualifier names a user's function,
     * which is unknown even when a built-in has its name. Elsewhere a qualified call is always a stored function.
     */
    boolean catalogSchemaQualifiesBuiltIns() {
        return rules.contains(Rule.CATALOG_SCHEMA_QUALIFIES_BUILT_INS);
    }
}
