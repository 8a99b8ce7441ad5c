package dev.gabysql.core.guard;

/**
 * Exactly one statement per call: finds where the statement ends (its semicolon, if any, must be the last token;
 * comments after it were already dropped). The one exception: a CREATE TRIGGER whose BEGIN … END body holds
 * semicolons of its own, where the flavour says so ({@link Flavor#triggerBodiesHoldStatements()}).
 */
final class Statements {
    private Statements() {}

    /** The index after the statement's last token; throws MULTIPLE_STATEMENTS when anything follows it. */
    static int end(TokenList t, Flavor flavor) {
        boolean triggerBody = flavor.triggerBodiesHoldStatements() && isCreateTrigger(t);
        int blocks = 0;
        for (int i = 0; i < t.size(); i++) {
            Token tk = t.get(i);
            if (triggerBody && (tk.isWord("BEGIN") || tk.isWord("CASE"))) {
                blocks++;
            } else if (triggerBody && tk.isWord("END") && blocks > 0) {
                blocks--;
            } else if (tk.is(Token.Type.SEMICOLON) && blocks == 0) {
                if (i < t.size() - 1) {
                    throw Refusals.multiple(tk.start(), preview(t, i + 1));
                }
                return i;
            }
        }
        return t.size();
    }

    private static boolean isCreateTrigger(TokenList t) {
        if (!t.isWord(0, "CREATE")) {
            return false;
        }
        for (int i = 1; i < Math.min(t.size(), 4); i++) {
            if (t.isWord(i, "TRIGGER")) {
                return true;
            }
        }
        return false;
    }

    private static String preview(TokenList t, int from) {
        String text = t.sourceText(from, Math.min(t.size(), from + 6));
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
