package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.Set;

/**
 * One pass over every token of a statement, whatever its kind, for what can hide anywhere: calls of functions
 * with side effects (also schema-qualified or quoted), row-locking clauses, MariaDB variable assignment,
 * OUTFILE/DUMPFILE, NEXT VALUE FOR, and in the generic flavour a file named in FROM.
 */
final class ClauseScanner {
    /** A name right after these is a table or routine being declared, not a call: INSERT INTO t(a, b). */
    private static final Set<String> DECLARING = Set.of("INTO", "TABLE", "REFERENCES", "FUNCTION", "PROCEDURE");
    /** A statement that writes, in parentheses: a writable CTE, wherever it is nested. */
    private static final Set<String> WRITING = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE");

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
        if (declares(t, i)) {
            return;
        }
        SideEffect e = flavor.functions().lookup(t.get(i).text());
        if (e != null) {
            a.effect(e);
        }
    }

    /** Walks back over a qualified name (a.b.c) and looks at the word before it. */
    private static boolean declares(TokenList t, int i) {
        int j = i;
        while (j >= 2 && t.is(j - 1, Token.Type.DOT) && t.get(j - 2).isName()) {
            j -= 2;
        }
        return DECLARING.contains(t.word(j - 1));
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
