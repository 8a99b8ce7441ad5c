package dev.gabysql.core.service;

import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.guard.SqlScripts;
import java.io.Reader;
import java.util.List;

/**
 * The local {@link ScriptSplitter}: the guard's {@link SqlScripts} in one flavour, the lexer the guard itself reads
 * statements with. Public for tests that split in a flavour without a database of it. Immutable and thread-safe.
 */
public final class GuardSplitter implements ScriptSplitter {
    private final SqlFlavor flavor;

    public GuardSplitter(SqlFlavor flavor) {
        this.flavor = flavor;
    }

    @Override
    public List<String> split(String text) {
        return SqlScripts.split(text, flavor);
    }

    @Override
    public Iterable<String> statements(Reader in) {
        return SqlScripts.statements(in, flavor);
    }

    @Override
    public boolean isComplete(String text) {
        return SqlScripts.isComplete(text, flavor);
    }

    @Override
    public boolean endsInsideQuote(String text) {
        return SqlScripts.endsInsideQuote(text, flavor);
    }
}
