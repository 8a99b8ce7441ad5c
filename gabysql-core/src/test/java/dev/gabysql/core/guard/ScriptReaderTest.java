package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A script read as a stream gives the statements of the whole text, wherever the reads cut it, in bounded memory. */
final class ScriptReaderTest {
    private static final List<String> SCRIPTS = List.of(
            "SELECT 1; SELECT 'a;b'; SELECT \"x;y\" FROM t;",
            "SELECT 'it''s; here'; SELECT 2",
            "-- a comment; with a semicolon\nSELECT 1; /* block; comment */ SELECT 2;",
            "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql; SELECT $1, $2;",
            "SELECT $$a;b$$; SELECT `c;d`;",
            "SELECT 1; -- trailing comment without a line end",
            "SELECT 1;\n\n;  ; SELECT 'unclosed; quote",
            "/* unclosed; block comment",
            "SELECT 'x'''';'; SELECT 4",
            "CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); INSERT INTO b VALUES (2); END; SELECT 5;",
            "INSERT INTO t VALUES ('it\\'s; ok'); SELECT 1; SELECT E'a\\';'; # x;\n/*!40101 SET x=1 */;",
            "/* a /* b; */ c; */ SELECT 1; [x;y]; SELECT $a$ $ ; $a$; SELECT U&\"a;\" FROM t;");

    @Test
    void givesTheStatementsOfTheWholeTextWhereverTheReadsCutIt() {
        for (SqlFlavor flavor : SqlFlavor.values()) {
            for (String script : SCRIPTS) {
                List<String> whole = SqlScripts.split(script, flavor);
                for (int block = 1; block <= script.length() + 1; block++) {
                    assertThat(statements(new StringReader(script), flavor, block))
                            .as("%s %s, blocks of %d", flavor, script, block)
                            .isEqualTo(whole);
                }
            }
        }
    }

    @Test
    void aLongScriptIsNeverHeldWhole() {
        long statements = 1_000_000; // about 60 MB of script
        long heapBefore = usedHeap();
        long seen = 0;
        long maxHeap = 0;
        for (String sql : SqlScripts.statements(new Generated(statements), SqlFlavor.SQLITE)) {
            assertThat(sql).startsWith("INSERT INTO t VALUES (");
            if (++seen % 100_000 == 0) {
                maxHeap = Math.max(maxHeap, usedHeap() - heapBefore);
            }
        }
        assertThat(seen).isEqualTo(statements);
        assertThat(maxHeap).as("heap growth").isLessThan(16L << 20);
    }

    private static List<String> statements(Reader in, SqlFlavor flavor, int block) {
        List<String> out = new ArrayList<>();
        new ScriptReader(in, flavor, block).forEach(out::add);
        return out;
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }

    /** {@code n} INSERT statements of about 60 characters each, made as they are read. */
    private static final class Generated extends Reader {
        private final long n;
        private long i;
        private String line = "";
        private int pos;

        Generated(long n) {
            this.n = n;
        }

        @Override
        public int read(char[] buf, int off, int len) {
            if (pos == line.length()) {
                if (i == n) {
                    return -1;
                }
                i++;
                line = "INSERT INTO t VALUES (" + i + ", 'a value; with a semicolon in it');\n";
                pos = 0;
            }
            int k = Math.min(len, line.length() - pos);
            line.getChars(pos, pos + k, buf, off);
            pos += k;
            return k;
        }

        @Override
        public void close() {}
    }
}
