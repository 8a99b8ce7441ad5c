package dev.gabysql.core.guard;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The statements of a script read from a stream, one at a time as the stream completes them: a script piped into
 * {@code gabysql sql} runs while it is read, in memory about twice its largest statement. (Read whole, a 116 MB
 * script ran the 256 MiB heap out of memory before its first statement.) The statements are those
 * {@link SqlScripts#split} gives for the whole text. The text read but not yet complete is scanned again as more
 * comes, after at least as much again has been read, so a very long statement costs a few passes, not one per
 * block. Not thread-safe.
 */
final class ScriptReader implements Iterable<String> {
    private static final int BLOCK = 1 << 16;

    private final Reader in;
    private final SqlFlavor flavor;
    private final int blockChars;
    private final ArrayDeque<String> ready = new ArrayDeque<>();
    private final StringBuilder unfinished = new StringBuilder();
    private final char[] block;
    private boolean eof;

    ScriptReader(Reader in, SqlFlavor flavor) {
        this(in, flavor, BLOCK);
    }

    /** Reads {@code blockChars} at least before each scan (tests use tiny blocks to cut scripts everywhere). */
    ScriptReader(Reader in, SqlFlavor flavor, int blockChars) {
        this.in = in;
        this.flavor = flavor;
        this.blockChars = blockChars;
        this.block = new char[blockChars];
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                fillReady();
                return !ready.isEmpty();
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return ready.poll();
            }
        };
    }

    /** Reads until a statement is complete or the script ends. */
    private void fillReady() {
        try {
            while (ready.isEmpty() && !eof) {
                readAtLeast(Math.max(blockChars, unfinished.length()));
                if (eof) {
                    ready.addAll(SqlScripts.split(unfinished.toString(), flavor));
                    unfinished.setLength(0);
                } else {
                    SqlScripts.Cut done = SqlScripts.cut(unfinished.toString(), flavor);
                    ready.addAll(done.statements());
                    unfinished.delete(0, done.rest());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readAtLeast(int chars) throws IOException {
        int read = 0;
        while (read < chars) {
            int n = in.read(block, 0, Math.min(block.length, chars - read));
            if (n < 0) {
                eof = true;
                return;
            }
            unfinished.append(block, 0, n);
            read += n;
        }
    }
}
