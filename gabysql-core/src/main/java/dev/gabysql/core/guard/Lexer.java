package dev.gabysql.core.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits one SQL text into tokens in a single left-to-right pass, dropping comments, following the flavour's
 * {@link LexerRules}. It fails closed: an unterminated string, identifier or comment, a character no engine reads
 * the same way, or a string whose end depends on a session setting is refused with UNCLASSIFIABLE. No regular
 * expressions: the cost is linear in the length of the text (bench/jmh's GuardBenchmark measures it). Not thread-safe;
 * one instance per call.
 * {@link LexerRules}. For the guard ({@link #lex}) it fails closed: an unterminated string, identifier or comment, a
 * character no engine reads the same way, or a string whose end depends on a session setting is refused with
 * UNCLASSIFIABLE. For splitting scripts ({@link #scan}) it reads on past what the guard would refuse and stops at a
 * quote or comment the text does not close: each statement it finds still goes through the guard alone. No regular
 * expressions: the cost is linear in the length of the text (issue 7 benchmarks it). Not thread-safe; one
 * instance per call.
 */
final class Lexer {
    private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|?:";

    private final String src;
    private final LexerRules rules;
    private final int n;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;
    /** Inside a MariaDB/MySQL executable comment, whose content is code. */
    private boolean inExecutable;

    private int executableStart;

    private int codeStart = -1;
    private int codeEnd;
    /** For each token, where the code before it ended: a statement's text ends there, without comments. */
    private final List<Integer> codeEndBefore = new ArrayList<>();

    /** Scanning a script: nothing is refused, a construct left open ends the scan ({@link #openAt}). */
    private final boolean lenient;
    /** Where a quote or comment that the text does not close opens (lenient only), or -1. */
    private int openAt = -1;
    /** Where the code before the next token starts (an executable comment's opener), or -1. */
    private int markStart = -1;
    /** For each token, where its statement's code would start with it (lenient only: for splitting), else null. */
    private final List<Integer> codeStartOf;

    private Lexer(String src, LexerRules rules, boolean lenient) {
        this.src = src;
        this.rules = rules;
        this.n = src.length();
        this.lenient = lenient;
        this.codeStartOf = lenient ? new ArrayList<>() : null;
    }

    static TokenList lex(String sql, LexerRules rules) {
        Lexer lexer = new Lexer(sql, rules, false);
        lexer.run();
        return lexer.tokenList();
    }

    /**
     * The tokens of a script's text for splitting it: nothing is refused (the rules' ambiguity and strictness checks
     * are off, an odd character is an operator), and a quote or comment the text does not close ends the tokens.
     */
    static Scan scan(String text, LexerRules rules) {
        Lexer lexer = new Lexer(text, rules.lenient(), true);
        lexer.run();
        int kept = lexer.tokens.size();
        while (lexer.openAt >= 0 && kept > 0 && lexer.tokens.get(kept - 1).end() > lexer.openAt) {
            kept--; // the open construct's own token, or those inside an open executable comment
        }
        int[] starts = new int[kept];
        for (int i = 0; i < kept; i++) {
            starts[i] = lexer.codeStartOf.get(i);
        }
        lexer.tokens.subList(kept, lexer.tokens.size()).clear();
        lexer.codeEndBefore.subList(kept, lexer.codeEndBefore.size()).clear();
        return new Scan(lexer.tokenList(), starts, lexer.openAt);
    }

    /**
     * A script's text as {@link #scan} read it.
     *
     * @param tokens     the tokens up to any construct left open
     * @param codeStarts for each token, where code starts with it (before it only for an executable comment's opener)
     * @param openAt     where a quote or comment that the text does not close opens, or -1
     */
    record Scan(TokenList tokens, int[] codeStarts, int openAt) {}

    private TokenList tokenList() {
        return new TokenList(src, tokens, codeEndBefore, Math.max(codeStart, 0), codeEnd);
    }

    private void run() {
        while (pos < n) {
            char c = src.charAt(pos);
            if (Chars.isSpace(c)) {
                pos++;
            } else if (!skipComment(c)) {
                token(c);
            }
        }
        if (inExecutable) {
            unclosed(executableStart, "an executable comment /*! … is not closed with */");
        }
    }

    // ---- comments -------------------------------------------------------------------------------------------

    private boolean skipComment(char c) {
        char next = peek(1);
        if (inExecutable && c == '*' && next == '/') {
            markCode(pos, pos + 2);
            pos += 2;
            inExecutable = false;
            return true;
        }
        if ((c == '-' && next == '-' && dashDashStartsComment(pos)) || (c == '#' && rules.hashComments)) {
            lineComment();
            return true;
        }
        if (c == '/' && next == '*') {
            blockComment();
            return true;
        }
        return false;
    }

    /** MySQL needs whitespace or a control character after "--" (or the end of the text). */
    private boolean dashDashStartsComment(int i) {
        return !rules.dashDashNeedsSpace || i + 2 >= n || src.charAt(i + 2) <= ' ';
    }

    private void lineComment() {
        requireNotExecutable();
        // end at \n or \r: some engines end there, so what follows is code for us too (we never see less code)
        while (pos < n && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
            pos++;
        }
    }

    private void blockComment() {
        if (rules.executableComments && (peek(2) == '!' || (peek(2) == 'M' && peek(3) == '!'))) {
            openExecutable();
            return;
        }
        requireNotExecutable();
        int start = pos;
        int depth = 1;
        pos += 2;
        while (pos < n) {
            if (at('*', '/')) {
                pos += 2;
                if (--depth == 0) {
                    return;
                }
            } else if (at('/', '*')) {
                depth += nestedOpener();
            } else {
                pos++;
            }
        }
        unclosed(start, "a /* comment starting at offset " + start + " is not closed");
    }

    private int nestedOpener() {
        if (rules.nestedComments) {
            pos += 2;
            return 1;
        }
        if (rules.strict) {
            throw fail("'/*' inside a comment (engines disagree on nested comments)"); // never lenient
        }
        pos++;
        return 0;
    }

    private void openExecutable() {
        requireNotExecutable();
        int start = pos;
        executableStart = start;
        pos += peek(2) == '!' ? 3 : 4;
        while (pos < n && Chars.isDigit(src.charAt(pos))) {
            pos++; // the version number: we treat the content as code whatever the server's version
        }
        markCode(start, pos);
        inExecutable = true;
    }

    private void requireNotExecutable() {
        if (inExecutable) {
            refuse("a comment inside an executable comment /*! … */");
        }
    }

    // ---- tokens ---------------------------------------------------------------------------------------------

    private void token(char c) {
        int start = pos;
        if (c == '\'') {
            string(start, start, '\'', rules.backslashEscapes, true);
        } else if (c == '"') {
            doubleQuote(start);
        } else if (c == '`' && rules.backticks) {
            quotedIdent(start, '`');
        } else if (c == '[' && rules.brackets) {
            bracketIdent(start);
        } else if (c == '$') {
            dollar(start);
        } else if (Chars.isIdentStart(c)) {
            wordOrPrefixedString(start, c);
        } else if (Chars.isDigit(c) || (c == '.' && Chars.isDigit(peek(1)))) {
            int end = Chars.numberEnd(src, start);
            add(Token.Type.NUMBER, src.substring(start, end), start, end);
        } else if (!punctuation(start, c) && !sigil(start, c)) {
            operatorOrFail(start, c);
        }
    }

    private void doubleQuote(int start) {
        if (rules.doubleQuoteStrings) {
            string(start, start, '"', rules.backslashEscapes, true);
        } else {
            quotedIdent(start, '"');
        }
    }

    private boolean punctuation(int start, char c) {
        Token.Type type;
        switch (c) {
            case '(':
                type = Token.Type.LPAREN;
                break;
            case ')':
                type = Token.Type.RPAREN;
                break;
            case ',':
                type = Token.Type.COMMA;
                break;
            case ';':
                type = Token.Type.SEMICOLON;
                break;
            case '.':
                type = Token.Type.DOT;
                break;
            case '[':
            case ']':
                if (rules.strict) {
                    throw fail("'" + c + "' (engines disagree: identifier quote or subscript)"); // never lenient
                }
                type = Token.Type.BRACKET;
                break;
            default:
                return false;
        }
        add(type, String.valueOf(c), start, start + 1);
        return true;
    }

    /** Parameters and variables introduced by a sigil: ?1 :name @name (SQLite), @x @@x (MariaDB). */
    private boolean sigil(int start, char c) {
        if (c == '@' && rules.userVariables) {
            userVariable(start);
            return true;
        }
        if (!rules.sigilParams || (c != '?' && c != ':' && c != '@')) {
            return false;
        }
        int end = c == '?' ? Chars.skipDigits(src, start + 1) : skipIdentPart(start + 1);
        if (c != '?' && end == start + 1) {
            refuse("a lone '" + c + "' at offset " + start);
            stray(start);
            return true;
        }
        add(Token.Type.PARAM, src.substring(start, end), start, end);
        return true;
    }

    private void userVariable(int start) {
        int i = start + 1;
        if (i < n && src.charAt(i) == '@') {
            i++;
        }
        char q = i < n ? src.charAt(i) : 0;
        if (q == '\'' || q == '"' || q == '`') {
            pos = i;
            int end = quotedEnd(q, i, q != '`' && rules.backslashEscapes, q != '`');
            add(Token.Type.PARAM, src.substring(start, end), start, end);
            return;
        }
        int end = skipIdentPart(i);
        if (end == i) {
            refuse("a lone '@' at offset " + start);
            stray(start);
            return;
        }
        add(Token.Type.PARAM, src.substring(start, end), start, end);
    }

    private void operatorOrFail(int start, char c) {
        if (OPERATOR_CHARS.indexOf(c) < 0 || (c == '#' && rules.strict)) {
            refuse("unexpected character " + describe(c) + " at offset " + start);
            stray(start);
            return;
        }
        int i = start + 1;
        pos = i;
        while (i < n && OPERATOR_CHARS.indexOf(src.charAt(i)) >= 0 && !commentStartsAt(i)) {
            i++;
            pos = i;
        }
        add(Token.Type.OPERATOR, src.substring(start, i), start, i);
    }

    private boolean commentStartsAt(int i) {
        char c = src.charAt(i);
        char next = i + 1 < n ? src.charAt(i + 1) : 0;
        return (c == '-' && next == '-' && dashDashStartsComment(i))
                || (c == '/' && next == '*')
                || (c == '#' && rules.hashComments)
                || (inExecutable && c == '*' && next == '/');
    }

    private void wordOrPrefixedString(int start, char c) {
        if (rules.prefixedStrings && prefixedString(start, c)) {
            return;
        }
        int end = skipIdentPart(start + 1);
        add(Token.Type.WORD, src.substring(start, end).toUpperCase(Locale.ROOT), start, end);
    }

    /** PostgreSQL: E'…' (backslash escapes), B'…', X'…', N'…' (standard), U&'…' and U&"…" (Unicode escapes). */
    private boolean prefixedString(int start, char c) {
        char next = peek(1);
        char upper = Character.toUpperCase(c);
        if (next == '\'' && "EBXN".indexOf(upper) >= 0) {
            // E'…' always has backslash escapes, whatever the server's settings: no ambiguity to check
            string(start, start + 1, '\'', upper == 'E', upper != 'E');
            return true;
        }
        if (upper == 'U' && next == '&' && (peek(2) == '\'' || peek(2) == '"')) {
            if (peek(2) == '\'') {
                string(start, start + 2, '\'', false, true);
            } else {
                pos = start + 2;
                int at = tokens.size();
                quotedIdent(start, '"');
                if (!lenient) { // replaced in place: its code end and start stay its own
                    Token t = tokens.get(at);
                    tokens.set(at, new Token(Token.Type.IDENT, UnicodeEscapes.decode(t.text()), t.start(), t.end()));
                }
            }
            return true;
        }
        return false;
    }

    private void string(int start, int quotePos, char q, boolean escapes, boolean mayBeAmbiguous) {
        pos = quotePos;
        int end = quotedEnd(q, quotePos, escapes, mayBeAmbiguous);
        add(Token.Type.STRING, src.substring(start, end), start, end);
    }

    /** The offset after the closing quote of the quoted text opening at {@code quotePos}; fails when ambiguous. */
    private int quotedEnd(char q, int quotePos, boolean escapes, boolean mayBeAmbiguous) {
        int end = QuotedText.end(src, q, quotePos + 1, escapes);
        if (end < 0) {
            return unclosed(quotePos, "a quoted text starting at offset " + quotePos + " is not closed");
        }
        if (mayBeAmbiguous && rules.checkBackslashAmbiguity && hasBackslash(quotePos + 1, end)) {
            int other = QuotedText.end(src, q, quotePos + 1, !escapes);
            if (other != end) {
                throw fail("a backslash before a quote in the text at offset " + quotePos + ": where it ends depends"
                        + " on a server setting (backslash escapes); write the quote doubled ('') instead");
            }
        }
        requireNoCloserInExecutable(quotePos, end);
        return end;
    }

    private boolean hasBackslash(int from, int end) {
        for (int i = from; i < end; i++) {
            if (src.charAt(i) == '\\') {
                return true;
            }
        }
        return false;
    }

    /** "x", `x` or U&"x" (pos at the opening quote): doubled quotes stand for one. */
    private void quotedIdent(int start, char q) {
        int open = pos;
        int end = QuotedText.end(src, q, open + 1, false);
        if (end < 0) {
            unclosed(open, "a quoted identifier starting at offset " + open + " is not closed");
            return;
        }
        requireNoCloserInExecutable(open, end);
        String name = src.substring(open + 1, end - 1).replace(String.valueOf(q) + q, String.valueOf(q));
        add(Token.Type.IDENT, name, start, end);
    }

    private void bracketIdent(int start) {
        int close = src.indexOf(']', start + 1);
        if (close < 0) {
            unclosed(start, "a [bracketed identifier] starting at offset " + start + " is not closed");
            return;
        }
        add(Token.Type.IDENT, src.substring(start + 1, close), start, close + 1);
    }

    /** PostgreSQL: $1 parameter or $tag$ … $tag$ string; SQLite: $name parameter; MariaDB: identifier char. */
    private void dollar(int start) {
        if (rules.dollarQuotes) {
            dollarQuoteOrParam(start);
        } else if (rules.sigilParams) {
            int end = skipIdentPart(start + 1);
            if (end == start + 1) {
                refuse("a lone '$' at offset " + start);
                stray(start);
                return;
            }
            add(Token.Type.PARAM, src.substring(start, end), start, end);
        } else if (rules.userVariables) {
            wordOrPrefixedString(start, '$');
        } else {
            refuse("'$' at offset " + start + " (engines disagree: dollar quote, parameter or identifier)");
            stray(start);
        }
    }

    private void dollarQuoteOrParam(int start) {
        if (Chars.isDigit(peek(1))) {
            int end = Chars.skipDigits(src, start + 1);
            add(Token.Type.PARAM, src.substring(start, end), start, end);
            return;
        }
        String delimiter = QuotedText.dollarDelimiter(src, start);
        if (delimiter == null) {
            refuse("'$' at offset " + start + " is neither a parameter nor a dollar quote");
            stray(start);
            return;
        }
        int close = src.indexOf(delimiter, start + delimiter.length());
        if (close < 0) {
            unclosed(start, "the dollar-quoted string " + delimiter + " at offset " + start + " is not closed");
            return;
        }
        int end = close + delimiter.length();
        add(Token.Type.STRING, src.substring(start, end), start, end);
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    private void add(Token.Type type, String text, int start, int end) {
        if (type == Token.Type.SEMICOLON && inExecutable) {
            refuse("a semicolon inside an executable comment /*! … */");
        }
        codeEndBefore.add(codeEnd);
        if (codeStartOf != null) {
            codeStartOf.add(markStart >= 0 ? markStart : start);
        }
        tokens.add(new Token(type, text, start, end));
        markCode(start, end);
        markStart = -1;
        pos = end;
    }

    private void markCode(int start, int end) {
        if (codeStart < 0) {
            codeStart = start;
        }
        if (markStart < 0) {
            markStart = start;
        }
        codeEnd = end;
    }

    /** A character the guard would refuse, read on as a one-character operator (lenient only). */
    private void stray(int start) {
        add(Token.Type.OPERATOR, src.substring(start, start + 1), start, start + 1);
    }

    /** Refuses for the guard; when scanning a script, reads on. */
    private void refuse(String why) {
        if (!lenient) {
            throw fail(why);
        }
    }

    /**
     * Refuses for the guard; when scanning a script, notes where the open construct starts and ends the scan.
     * Returns the end of the text, where the construct's token (dropped by {@link #scan}) ends.
     */
    private int unclosed(int start, String why) {
        if (!lenient) {
            throw fail(why);
        }
        if (openAt < 0) {
            openAt = start;
        }
        inExecutable = false;
        pos = n;
        return n;
    }

    /** MySQL might end an executable comment inside a quoted text; we do not guess. */
    private void requireNoCloserInExecutable(int from, int end) {
        int closer = inExecutable ? src.indexOf("*/", from) : -1;
        if (closer >= 0 && closer < end) {
            refuse("'*/' inside a quoted text within an executable comment");
        }
    }

    private int skipIdentPart(int i) {
        return Chars.skipIdentPart(src, i);
    }

    private char peek(int ahead) {
        int i = pos + ahead;
        return i < n ? src.charAt(i) : 0;
    }

    private boolean at(char a, char b) {
        return pos + 1 < n && src.charAt(pos) == a && src.charAt(pos + 1) == b;
    }

    private static String describe(char c) {
        return String.format(Locale.ROOT, "U+%04X%s", (int) c, c >= 0x20 && c < 0x7F ? " '" + c + "'" : "");
    }

    private static RuntimeException fail(String why) {
        return Refusals.unclassifiable("The guard cannot read the SQL safely: " + why + ".");
    }
}
