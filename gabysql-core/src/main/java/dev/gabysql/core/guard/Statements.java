package dev.gabysql.core.guard;

/**
 * Where statements end: at a semicolon outside the {@code BEGIN … END} body of the statements
 * {@link CompoundBodies} names (a SQLite CREATE TRIGGER, say, whose body holds semicolons of its own). The guard
 * asks for exactly one statement per call; script splitting ({@link SqlScripts}) asks where each one ends.
 */
final class Statements {
    private Statements() {}

    /**
     * The index of the statement's semicolon, or the number of tokens when it has none; throws
     * MULTIPLE_STATEMENTS when anything follows it, UNCLASSIFIABLE for a body the flavour's guard does not read.
     */
    static int end(TokenList t, Flavor flavor) {
        int semicolon = semicolonAfter(t, 0, flavor.id());
        if (semicolon >= 0 && semicolon < t.size() - 1) {
            throw Refusals.multiple(t.get(semicolon).start(), preview(t, semicolon + 1));
        }
        int end = semicolon < 0 ? t.size() : semicolon;
        if (!CompoundBodies.checked(flavor.id()) && holdsSemicolon(t, end)) {
            throw Refusals.compoundBody(preview(t, 0));
        }
        return end;
    }

    /**
     * The index of the semicolon that ends the statement starting at token {@code from}, or -1 when none in the
     * tokens does (the statement goes on, or ends with the text).
     */
    static int semicolonAfter(TokenList t, int from, SqlFlavor flavor) {
        boolean body = CompoundBodies.mayHoldBody(t, from, flavor);
        int blocks = 0;
        for (int i = from; i < t.size(); i++) {
            Token tk = t.get(i);
            if (body && (tk.isWord("BEGIN") || tk.isWord("CASE"))) {
                blocks++;
            } else if (body && blocks > 0 && tk.isWord("END") && CompoundBodies.closesBlock(t, i)) {
                blocks--;
            } else if (tk.is(Token.Type.SEMICOLON) && blocks == 0) {
                return i;
            }
        }
        return -1;
    }

    /** A semicolon before {@code end} can only be one inside a body. */
    private static boolean holdsSemicolon(TokenList t, int end) {
        for (int i = 0; i < end; i++) {
            if (t.get(i).is(Token.Type.SEMICOLON)) {
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
