package dev.gabysql.core.audit;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Checks an audit file's hash chain (docs/design.md#audit-log) and finds the first line that was edited, removed,
 * inserted or reordered. Lines without a chain at the start of the file were written before chaining existed: they
 * are counted, not verified, and the chain must start at seq 1 right after them. Stateless.
 */
public final class AuditVerifier {
    private AuditVerifier() {}

    /**
     * What a verification found.
     *
     * @param chainedLines lines verified (all of them when {@code problem} is null)
     * @param legacyLines  unchained lines at the start of the file, not verified
     * @param problem      the first line that does not verify, or null
     */
    public record Result(long chainedLines, long legacyLines, Problem problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    /** The first line that does not verify: its line number in the file (from 1) and what is wrong with it. */
    public record Problem(long line, String what) {}

    /**
     * Verifies {@code log} with the configured key, or (null) the key file beside the log. The key is read only
     * when there is a chained line.
     */
    public static Result verify(Path log, String configuredKey) {
        try (Lines lines = new Lines(Files.newInputStream(log))) {
            return new Run(log, configuredKey, lines).run();
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The audit log " + log + " cannot be read: " + e.getMessage() + ".",
                    "Check the path given with --audit-log and the file's permissions.");
        }
    }

    /** One pass over the file. */
    private static final class Run {
        private final Path log;
        private final String configuredKey;
        private final Lines lines;
        private AuditChain chain;
        private long number;
        private long legacy;
        private long chained;
        private String previous = "";

        Run(Path log, String configuredKey, Lines lines) {
            this.log = log;
            this.configuredKey = configuredKey;
            this.lines = lines;
        }

        Result run() throws IOException {
            while (lines.next()) {
                number++;
                String what = check();
                if (what != null) {
                    return new Result(chained, legacy, new Problem(number, what));
                }
            }
            return new Result(chained, legacy, null);
        }

        /** What is wrong with the current line, or null. */
        private String check() throws IOException {
            AuditChain.Link link = AuditChain.parse(lines.bytes(), lines.length());
            if (!lines.endsWithLineFeed()) {
                return "is cut short: the file ends inside it (truncated, or a write was interrupted)";
            }
            if (link == AuditChain.Link.NONE) {
                if (chained == 0) {
                    legacy++;
                    return null;
                }
                return "has no chain: it was inserted, or its chain was removed";
            }
            if (link == AuditChain.Link.MALFORMED) {
                return "was edited: its seq or chain member is not as gabysql writes it";
            }
            long expected = chained + 1;
            if (link.seq() == expected && chain().matches(previous, lines.bytes(), link)) {
                chained++;
                previous = link.chain();
                return null;
            }
            return explain(link.seq(), expected);
        }

        private String explain(long seq, long expected) throws IOException {
            if (seq == expected) {
                return "was edited, or inserted in place of the original line " + expected
                        + " (its chain does not match its content and the line before)";
            }
            String found = " (seq " + seq + " where " + expected + " was expected)";
            if (seq < expected) {
                return "is out of order or a copy of an earlier line" + found;
            }
            return seqFollows(expected)
                    ? "is out of order" + found
                    : "follows removed lines" + found + ": chain lines " + expected
                            + (seq - 1 == expected ? "" : " to " + (seq - 1)) + " are missing";
        }

        /** Whether a later line carries {@code seq}: then the lines were moved, not removed. */
        private boolean seqFollows(long seq) throws IOException {
            while (lines.next()) {
                AuditChain.Link link = AuditChain.parse(lines.bytes(), lines.length());
                if (link.seq() == seq) {
                    return true;
                }
            }
            return false;
        }

        private AuditChain chain() {
            if (chain == null) {
                chain = new AuditChain(AuditKey.forReading(log, configuredKey));
            }
            return chain;
        }
    }

    /** The file's lines as bytes (the chain covers bytes, not characters), without their line feeds. */
    private static final class Lines implements AutoCloseable {
        private final InputStream in;
        private byte[] line = new byte[1024];
        private int length;
        private boolean lineFeed;

        Lines(InputStream in) {
            this.in = new BufferedInputStream(in, 65536);
        }

        boolean next() throws IOException {
            length = 0;
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (length == line.length) {
                    line = Arrays.copyOf(line, length * 2);
                }
                line[length++] = (byte) b;
            }
            lineFeed = b == '\n';
            return lineFeed || length > 0;
        }

        byte[] bytes() {
            return line;
        }

        int length() {
            return length;
        }

        boolean endsWithLineFeed() {
            return lineFeed;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
