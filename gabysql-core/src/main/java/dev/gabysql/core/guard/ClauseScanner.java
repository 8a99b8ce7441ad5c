package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.Locale;
import java.util.Set;

/**
 * One pass over every token of a statement, whatever its kind, for what can hide anywhere: calls of functions
 * with side effects (also schema-qualified or quoted), row-locking clauses, MariaDB variable assignment,
 * OUTFILE/DUMPFILE, NEXT VALUE FOR, and in the generic flavour a file named in FROM.
 */
final class ClauseScanner {
    /** A name right after these is a table or routine being declared, not a call: INSERT INTO t(a, b). */
    private static final Set<String> DECLARING = Set.of("INTO", "TABLE", "REFERENCES", "FUNCTION", "PROCEDURE");
    /**
     * In DDL a name after these is a table, view or index method: CREATE INDEX i ON t (a), CREATE TABLE IF NOT
     * EXISTS t (a), USING gin (a), CREATE VIEW v (a), INHERITS (p). In DML, ON f(x) = y is a call.
     */
    private static final Set<String> DDL_DECLARING = Set.of("ON", "EXISTS", "USING", "VIEW", "INHERITS", "TYPE");
    /** A statement that writes, in parentheses: a writable CTE, wherever it is nested. */
    private static final Set<String> WRITING = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE");
    /**
     * Unquoted words that a parenthesis may follow without being a call: keywords, and type names with a length or
     * precision. (A quoted name is always a call: "values"(x) is a user's function.)
     */
    private static final Set<String> NOT_CALLS = Set.of(
            "VALUES",
            "VALUE",
            "IN",
            "EXISTS",
            "AS",
            "USING",
            "ON",
            "OVER",
            "FILTER",
            "ROW",
            "ARRAY",
            "SET",
            "CONFLICT",
            "KEY",
            "UNIQUE",
            "CHECK",
            "PRIMARY",
            "FOREIGN",
            "INDEX",
            "AND",
            "OR",
            "NOT",
            "SELECT",
            "FROM",
            "WHERE",
            "JOIN",
            "ANY",
            "ALL",
            "SOME",
            "LATERAL",
            "WITH",
            "RETURNING",
            "BY",
            "THEN",
            "ELSE",
            "WHEN",
            "CASE",
            "IS",
            "LIKE",
            "ILIKE",
            "BETWEEN",
            "DEFAULT",
            "UNION",
            "INTERSECT",
            "EXCEPT",
            "GROUPING",
            "CUBE",
            "ROLLUP",
            "SETS",
            "WITHIN",
            "GROUP",
            "PARTITION",
            "WINDOW",
            "RANGE",
            "ROWS",
            "RECURSIVE",
            "MATERIALIZED",
            "INCLUDE",
            "OF",
            "DO",
            "UPDATE",
            "INSERT",
            "DELETE",
            "LIMIT",
            "OFFSET",
            "FETCH",
            "ORDER",
            "HAVING",
            "DISTINCT",
            "CAST",
            "TREAT",
            "EXTRACT",
            "POSITION",
            "SUBSTRING",
            "TRIM",
            "OVERLAY",
            "CONVERT",
            "COLLATE",
            "NORMALIZE",
            "MATCH",
            "AGAINST",
            "NATURAL",
            "CROSS",
            "INNER",
            "OUTER",
            "FULL",
            "CONSTRAINT",
            "GENERATED",
            "ALWAYS",
            "STORED",
            "VIRTUAL",
            "IF",
            "INHERITS",
            "ELSIF",
            "ELSEIF",
            "WHILE",
            "LOOP",
            "RETURN",
            "RETURNS",
            "UNTIL",
            "REPEAT",
            "CHAR",
            "CHARACTER",
            "VARCHAR",
            "NCHAR",
            "NVARCHAR",
            "VARYING",
            "NUMERIC",
            "DECIMAL",
            "DEC",
            "FLOAT",
            "REAL",
            "DOUBLE",
            "PRECISION",
            "INT",
            "INTEGER",
            "BIGINT",
            "SMALLINT",
            "TINYINT",
            "MEDIUMINT",
            "BIT",
            "VARBIT",
            "TIME",
            "TIMESTAMP",
            "INTERVAL",
            "DATETIME",
            "BINARY",
            "VARBINARY",
            "ENUM",
            "TEXT",
            "BLOB");

    private static final SideEffect NESTED_WRITE = SideEffect.from(
            Mode.READWRITE, "a data-modifying statement in parentheses changes data", ErrorCode.READ_ONLY);
    private static final SideEffect ROW_LOCK = SideEffect.from(
            Mode.READWRITE,
            "a locking clause (FOR UPDATE/SHARE, LOCK IN SHARE MODE) locks rows",
            ErrorCode.SIDE_EFFECT);

    private ClauseScanner() {}

    static void scan(TokenList t, int from, int to, Flavor flavor, Analysis a) {
        for (int i = from; i < to; i++) {
            Token tk = t.get(i);
            if (tk.isName() && t.is(i + 1, Token.Type.LPAREN) && i + 1 < to) {
                call(t, i, flavor, a);
            } else if (tk.is(Token.Type.LPAREN) && WRITING.contains(t.word(i + 1))) {
                a.effect(NESTED_WRITE);
            } else if (tk.is(Token.Type.WORD)) {
                word(t, i, flavor, a);
            } else if (tk.is(Token.Type.OPERATOR) && tk.text().contains(":=") && flavor.colonEqualsAssignsVariables()) {
                a.effect(SideEffect.never("`:=` assigns a session variable", ErrorCode.SESSION_CHANGE));
            } else if (tk.is(Token.Type.STRING)
                    && flavor.quotedFromMayNameFile()
                    && (t.isWord(i - 1, "FROM") || t.isWord(i - 1, "JOIN"))) {
                a.effect(SideEffect.never("a quoted name after FROM may read a file", ErrorCode.SIDE_EFFECT));
            }
        }
    }

    private static void call(TokenList t, int i, Flavor flavor, Analysis a) {
        if (declares(t, i, a) || (t.get(i).is(Token.Type.WORD) && NOT_CALLS.contains(t.word(i)))) {
            return;
        }
        String name = t.get(i).text();
        FunctionTable.Entry e = flavor.functions().lookup(name);
        if (e != null && !e.pure()) {
            a.effect(e.sideEffect(name.toLowerCase(Locale.ROOT)));
            a.noPreview(e.noPreview(name.toLowerCase(Locale.ROOT)));
        } else if (!flavor.functionsAreBuiltIn() && (e == null || userQualified(t, i, flavor))) {
            a.noPreview("`" + qualifiedName(t, i) + "()` is not a function gabysql knows to change nothing, so a"
                    + " rollback might not undo what it does");
        }
    }

    /** A call qualified by a schema that is not the built-ins' own names a user's function. */
    private static boolean userQualified(TokenList t, int i, Flavor flavor) {
        if (i < 2 || !t.is(i - 1, Token.Type.DOT) || !t.get(i - 2).isName()) {
            return false;
        }
        return !(flavor.catalogSchemaQualifiesBuiltIns()
                && t.get(i - 2).text().equalsIgnoreCase("pg_catalog")
                && !(i >= 4 && t.is(i - 3, Token.Type.DOT)));
    }

    private static String qualifiedName(TokenList t, int i) {
        StringBuilder name = new StringBuilder(t.get(i).text());
        while (i >= 2 && t.is(i - 1, Token.Type.DOT) && t.get(i - 2).isName()) {
            name.insert(0, t.get(i - 2).text() + ".");
            i -= 2;
        }
        return name.toString();
    }

    /** Walks back over a qualified name (a.b.c) and looks at the word before it. */
    private static boolean declares(TokenList t, int i, Analysis a) {
        int j = i;
        while (j >= 2 && t.is(j - 1, Token.Type.DOT) && t.get(j - 2).isName()) {
            j -= 2;
        }
        String before = t.word(j - 1);
        return DECLARING.contains(before) || (a.kind == StatementKind.DDL && DDL_DECLARING.contains(before));
    }

    private static void word(TokenList t, int i, Flavor flavor, Analysis a) {
        String w = t.word(i);
        switch (w) {
            case "FOR":
                if (lockStrength(t, i + 1)) {
                    a.effect(ROW_LOCK);
                }
                break;
            case "LOCK":
                if (t.isWord(i + 1, "IN") && t.isWord(i + 2, "SHARE")) {
                    a.effect(ROW_LOCK);
                }
                break;
            case "UESCAPE":
                throw Refusals.unclassifiable("The guard cannot read the SQL safely: UESCAPE changes the escape"
                        + " character of U&'…'; write the characters or use the default \\ escape.");
            case "OUTFILE":
            case "DUMPFILE":
                if (flavor.outfileWritesServerFiles()) {
                    a.effect(SideEffect.never(
                            "`INTO " + w + "` writes a file on the database server", ErrorCode.SIDE_EFFECT));
                }
                break;
            case "NEXT":
                if (t.isWord(i + 1, "VALUE") && t.isWord(i + 2, "FOR")) {
                    a.effect(SideEffect.from(
                            Mode.READWRITE,
                            "`NEXT VALUE FOR` advances a sequence, which a rollback" + " does not undo",
                            ErrorCode.SIDE_EFFECT));
                    a.noPreview("`NEXT VALUE FOR` advances a sequence, which no rollback undoes");
                }
                break;
            default:
                break;
        }
    }

    /** FOR UPDATE | FOR SHARE | FOR NO KEY UPDATE | FOR KEY SHARE. */
    private static boolean lockStrength(TokenList t, int i) {
        return t.isWord(i, "UPDATE")
                || t.isWord(i, "SHARE")
                || (t.isWord(i, "NO") && t.isWord(i + 1, "KEY"))
                || (t.isWord(i, "KEY") && t.isWord(i + 1, "SHARE"));
    }
}
