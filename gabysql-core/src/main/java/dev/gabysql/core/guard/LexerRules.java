package dev.gabysql.core.guard;

/**
 * How one flavour writes strings, identifiers and comments: the lexer's dialect hooks as plain data, so that a
 * flavour is a handful of flags rather than branches spread through the lexer. Immutable.
 */
final class LexerRules {
    /** PostgreSQL: nested comments, E''/U&''/B''/X'' strings, $tag$ quotes, "" identifiers. */
    static final LexerRules POSTGRESQL = new Builder()
            .nestedComments()
            .dollarQuotes()
            .prefixedStrings()
            .checkBackslashAmbiguity()
            .build();
    /** SQLite: flat comments, '' strings, "" `` [] identifiers, :name @name $name ?NNN parameters. */
    static final LexerRules SQLITE =
            new Builder().backticks().brackets().sigilParams().build();
    /** MariaDB/MySQL: backslash escapes, "" strings, # and "-- " comments, executable comments, backticks. */
    static final LexerRules MARIADB = new Builder()
            .backslashEscapes()
            .doubleQuoteStrings()
            .hashComments()
            .dashDashNeedsSpace()
            .executableComments()
            .backticks()
            .userVariables()
            .checkBackslashAmbiguity()
            .build();
    /** Anything else: the common core; every construct another engine could read differently is refused. */
    static final LexerRules GENERIC =
            new Builder().checkBackslashAmbiguity().strict().build();

    final boolean nestedComments;
    final boolean hashComments;
    final boolean dashDashNeedsSpace;
    final boolean executableComments;
    final boolean backslashEscapes;
    final boolean doubleQuoteStrings;
    final boolean backticks;
    final boolean brackets;
    final boolean dollarQuotes;
    final boolean prefixedStrings;
    final boolean sigilParams;
    final boolean userVariables;
    /** Refuse a string whose end depends on whether backslash escapes are on (a session setting we cannot see). */
    final boolean checkBackslashAmbiguity;
    /** Refuse constructs that some engine reads differently: #, $, `, [, nested comment openers. */
    final boolean strict;

    /**
     * The same rules without the checks that refuse (ambiguous backslashes, constructs engines disagree on): for
     * finding where a script's statements end, where each one still meets the guard, and its checks, alone.
     */
    LexerRules lenient() {
        Builder b = new Builder();
        b.nestedComments = nestedComments;
        b.hashComments = hashComments;
        b.dashDashNeedsSpace = dashDashNeedsSpace;
        b.executableComments = executableComments;
        b.backslashEscapes = backslashEscapes;
        b.doubleQuoteStrings = doubleQuoteStrings;
        b.backticks = backticks;
        b.brackets = brackets;
        b.dollarQuotes = dollarQuotes;
        b.prefixedStrings = prefixedStrings;
        b.sigilParams = sigilParams;
        b.userVariables = userVariables;
        return b.build();
    }

    private LexerRules(Builder b) {
        nestedComments = b.nestedComments;
        hashComments = b.hashComments;
        dashDashNeedsSpace = b.dashDashNeedsSpace;
        executableComments = b.executableComments;
        backslashEscapes = b.backslashEscapes;
        doubleQuoteStrings = b.doubleQuoteStrings;
        backticks = b.backticks;
        brackets = b.brackets;
        dollarQuotes = b.dollarQuotes;
        prefixedStrings = b.prefixedStrings;
        sigilParams = b.sigilParams;
        userVariables = b.userVariables;
        checkBackslashAmbiguity = b.checkBackslashAmbiguity;
        strict = b.strict;
    }

    private static final class Builder {
        private boolean nestedComments;
        private boolean hashComments;
        private boolean dashDashNeedsSpace;
        private boolean executableComments;
        private boolean backslashEscapes;
        private boolean doubleQuoteStrings;
        private boolean backticks;
        private boolean brackets;
        private boolean dollarQuotes;
        private boolean prefixedStrings;
        private boolean sigilParams;
        private boolean userVariables;
        private boolean checkBackslashAmbiguity;
        private boolean strict;

        Builder nestedComments() {
            nestedComments = true;
            return this;
        }

        Builder hashComments() {
            hashComments = true;
            return this;
        }

        Builder dashDashNeedsSpace() {
            dashDashNeedsSpace = true;
            return this;
        }

        Builder executableComments() {
            executableComments = true;
            return this;
        }

        Builder backslashEscapes() {
            backslashEscapes = true;
            return this;
        }

        Builder doubleQuoteStrings() {
            doubleQuoteStrings = true;
            return this;
        }

        Builder backticks() {
            backticks = true;
            return this;
        }

        Builder brackets() {
            brackets = true;
            return this;
        }

        Builder dollarQuotes() {
            dollarQuotes = true;
            return this;
        }

        Builder prefixedStrings() {
            prefixedStrings = true;
            return this;
        }

        Builder sigilParams() {
            sigilParams = true;
            return this;
        }

        Builder userVariables() {
            userVariables = true;
            return this;
        }

        Builder checkBackslashAmbiguity() {
            checkBackslashAmbiguity = true;
            return this;
        }

        Builder strict() {
            strict = true;
            return this;
        }

        LexerRules build() {
            return new LexerRules(this);
        }
    }
}
