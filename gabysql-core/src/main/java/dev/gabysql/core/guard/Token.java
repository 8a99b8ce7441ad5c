package dev.gabysql.core.guard;

/**
 * One lexical token of a statement. Comments are never tokens. For a word, {@code text} is the upper-cased word
 * (keywords compare by it); for a quoted identifier it is the name with its quotes removed and escapes resolved;
 * for every other type it is the source slice.
 *
 * @param type  what the token is
 * @param text  see above
 * @param start offset of its first character in the statement
 * @param end   offset after its last character
 */
record Token(Type type, String text, int start, int end) {

    /** Token types: the classifier needs no finer grain. */
    enum Type {
        /** An unquoted word: keyword or identifier (upper-cased). */
        WORD,
        /** A quoted identifier ("x", `x`, [x], U&"x"): never a keyword, but may name a function. */
        IDENT,
        /** A string literal of any form ('', E'', $$ $$, X'', …). */
        STRING,
        NUMBER,
        /** A run of operator characters (+, ::, ->>, :=, …). */
        OPERATOR,
        /** A bind parameter ($1, ?1, :name) or a MariaDB user variable (@x, @@x). */
        PARAM,
        LPAREN,
        RPAREN,
        COMMA,
        SEMICOLON,
        DOT,
        /** [ or ] where brackets are not identifier quotes (array subscripts). */
        BRACKET
    }

    boolean isWord(String upper) {
        return type == Type.WORD && text.equals(upper);
    }

    boolean is(Type t) {
        return type == t;
    }

    /** A name a function could be called by: a word or a quoted identifier. */
    boolean isName() {
        return type == Type.WORD || type == Type.IDENT;
    }
}
