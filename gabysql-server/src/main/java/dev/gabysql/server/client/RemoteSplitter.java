package dev.gabysql.server.client;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.server.wire.ExplainCall;
import dev.gabysql.server.wire.SplitAnswer;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The gateway's {@link ScriptSplitter}: the server's lexer for one of its databases, asked over
 * {@code POST /databases/{db}/split}, so that a text is cut where the server's guard will read statements. Each
 * question is one request; {@link #statements} reads the whole script first (a remote script is not streamed).
 * Thread-safe.
 */
final class RemoteSplitter implements ScriptSplitter {
    private final ApiClient api;
    private final CallContext ctx;
    private final String path;

    RemoteSplitter(ApiClient api, CallContext ctx, String path) {
        this.api = api;
        this.ctx = ctx;
        this.path = path;
    }

    @Override
    public List<String> split(String text) {
        return ask(text).statements();
    }

    @Override
    public Iterable<String> statements(Reader in) {
        StringBuilder text = new StringBuilder();
        char[] block = new char[1 << 16];
        try {
            for (int n = in.read(block); n >= 0; n = in.read(block)) {
                text.append(block, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return split(text.toString());
    }

    @Override
    public boolean isComplete(String text) {
        return ask(text).complete();
    }

    @Override
    public boolean endsInsideQuote(String text) {
        return ask(text).endsInsideQuote();
    }

    private SplitAnswer ask(String text) {
        return api.post(ctx, path, new ExplainCall(text), SplitAnswer.class);
    }
}
