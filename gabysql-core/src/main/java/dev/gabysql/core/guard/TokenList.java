package dev.gabysql.core.guard;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The tokens of one SQL text with what the classifier asks of them: words, parenthesis depth and matching
 * parentheses (computed once, in one pass). Immutable.
 */
final class TokenList {
    private final String source;
    private final Token[] tokens;
    private final int codeStart;
    private final int codeEnd;
    private final int[] codeEndBefore;
    private final int[] depth;
    private final int[] partner;
    private final boolean balanced;

    TokenList(String source, List<Token> tokens, List<Integer> codeEndBefore, int codeStart, int codeEnd) {
        this.source = source;
        this.codeEndBefore = new int[codeEndBefore.size()];
        for (int i = 0; i < this.codeEndBefore.length; i++) { // a loop, not a stream: cheap even interpreted
            this.codeEndBefore[i] = codeEndBefore.get(i);
        }
        this.tokens = tokens.toArray(new Token[0]);
        this.codeStart = codeStart;
        this.codeEnd = codeEnd;
        this.depth = new int[this.tokens.length];
        this.partner = new int[this.tokens.length];
        this.balanced = matchParentheses();
    }

    private boolean matchParentheses() {
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < tokens.length; i++) {
            partner[i] = -1;
            depth[i] = open.size();
            if (tokens[i].is(Token.Type.LPAREN)) {
                open.push(i);
            } else if (tokens[i].is(Token.Type.RPAREN)) {
                if (open.isEmpty()) {
                    return false;
                }
                int o = open.pop();
                partner[o] = i;
                partner[i] = o;
                depth[i] = open.size();
            }
        }
        return open.isEmpty();
    }

    int size() {
        return tokens.length;
    }

    Token get(int i) {
        return tokens[i];
    }

    boolean balanced() {
        return balanced;
    }

    /** The upper-cased word at i, or "" when i is out of range or not a word. */
    String word(int i) {
        return i >= 0 && i < tokens.length && tokens[i].is(Token.Type.WORD) ? tokens[i].text() : "";
    }

    boolean isWord(int i, String upper) {
        return word(i).equals(upper);
    }

    boolean is(int i, Token.Type type) {
        return i >= 0 && i < tokens.length && tokens[i].is(type);
    }

    /** Nesting depth of token i in parentheses (a parenthesis has the depth outside it). */
    int depth(int i) {
        return depth[i];
    }

    /** The index of the parenthesis matching the one at i. */
    int partner(int i) {
        return partner[i];
    }

    /** The first index in [from, to) of the word at the same depth as {@code from}, or -1. */
    int findWordAtDepth(int from, int to, String upper) {
        int d = depth[from];
        for (int i = from; i < to; i++) {
            if (depth[i] == d && tokens[i].isWord(upper)) {
                return i;
            }
        }
        return -1;
    }

    /** The source text of tokens [from, to), as written. */
    String text(int from, int to) {
        return from >= to ? "" : source.substring(tokens[from].start(), tokens[to - 1].end());
    }

    /** Whether a comma or JOIN sits at the depth of {@code from} in [from, to): more than one table. */
    boolean listsTables(int from, int to) {
        int d = depth[from];
        for (int i = from; i < to; i++) {
            if (depth[i] == d && (tokens[i].is(Token.Type.COMMA) || tokens[i].isWord("JOIN"))) {
                return true;
            }
        }
        return false;
    }

    /** How many JDBC placeholders ({@code ?}) are in [from, to). */
    int placeholders(int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            String text = tokens[i].text();
            if ((tokens[i].is(Token.Type.OPERATOR) || tokens[i].is(Token.Type.PARAM)) && text.equals("?")) {
                n++;
            }
        }
        return n;
    }

    /** The first index in [from, to) of the word at any depth, or -1. */
    int findWord(int from, int to, String upper) {
        for (int i = from; i < to; i++) {
            if (tokens[i].isWord(upper)) {
                return i;
            }
        }
        return -1;
    }

    /** The source text of tokens [from, to), as written. */
    String sourceText(int from, int to) {
        return source.substring(tokens[from].start(), tokens[to - 1].end());
    }

    /** A word as written in the SQL (the token's text is upper-cased), or a quoted identifier's name. */
    String nameAsWritten(int i) {
        Token tk = tokens[i];
        return tk.is(Token.Type.WORD) ? source.substring(tk.start(), tk.end()) : tk.text();
    }

    /** Where the code before token {@code i} ends; for {@code size()}, where the text's last code ends. */
    int codeEndBefore(int i) {
        return i < tokens.length ? codeEndBefore[i] : codeEnd;
    }

    /** The text of the statement ending before token {@code end}: from its first code to its last, comments
     *  around it left out. */
    String statementText(int end) {
        int stop = end < tokens.length ? codeEndBefore[end] : codeEnd;
        return stop <= codeStart ? "" : source.substring(codeStart, stop).strip();
    }
}
