package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guard's table of cases: {@code guard-cases.txt} beside this class, one case a line:
 * {@code flavours expectation… :: sql}. Flavours: pg, sqlite, maria, generic (comma-separated) or all. Expectations
 * (each checked when given): {@code throws=CODE} (inspect refuses), {@code kind=KIND}, {@code read=ok|CODE}
 * (gabysql_query), {@code rw=…} (gabysql_execute in readwrite), {@code rwfull=…} (readwrite with
 * allow_full_table), {@code admin=…}, {@code tx=true|false}, {@code cmd=WORDS~WITH~TILDES},
 * {@code written=a,b}, {@code returning=true|false}. In the SQL, ⏎ stands for a newline, ␍ for a carriage return.
 */
class GuardCasesTest {
    private static final String FILE = "guard-cases.txt";

    record Case(int line, SqlFlavor flavor, Map<String, String> expect, String sql) {
        @Override
        public String toString() {
            return "line " + line + " " + flavor.name().toLowerCase(Locale.ROOT) + ": " + sql.replace("\n", "⏎");
        }
    }

    static Stream<Case> cases() throws IOException {
        return load().stream();
    }

    static List<Case> load() throws IOException {
        List<Case> out = new ArrayList<>();
        try (InputStream in = GuardCasesTest.class.getResourceAsStream(FILE);
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int no = 0;
            while ((line = r.readLine()) != null) {
                no++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int sep = line.indexOf(" :: ");
                if (sep < 0) {
                    throw new IllegalStateException(FILE + ":" + no + ": no ' :: ' separator");
                }
                String[] head = line.substring(0, sep).trim().split("\\s+");
                String sql = line.substring(sep + 4).replace("⏎", "\n").replace("␍", "\r");
                Map<String, String> expect = new LinkedHashMap<>();
                for (int i = 1; i < head.length; i++) {
                    String[] kv = head[i].split("=", 2);
                    expect.put(kv[0], kv[1]);
                }
                for (SqlFlavor f : flavors(head[0])) {
                    out.add(new Case(no, f, expect, sql));
                }
            }
        }
        return out;
    }

    private static List<SqlFlavor> flavors(String spec) {
        List<SqlFlavor> out = new ArrayList<>();
        for (String s : spec.split(",")) {
            switch (s) {
                case "all":
                    out.addAll(List.of(SqlFlavor.values()));
                    break;
                case "pg":
                    out.add(SqlFlavor.POSTGRESQL);
                    break;
                case "sqlite":
                    out.add(SqlFlavor.SQLITE);
                    break;
                case "maria":
                    out.add(SqlFlavor.MARIADB);
                    break;
                case "generic":
                    out.add(SqlFlavor.GENERIC);
                    break;
                default:
                    throw new IllegalStateException("unknown flavour " + s);
            }
        }
        return out;
    }

    @Test
    void theTableHoldsEnoughCases() throws IOException {
        assertThat(load()).hasSizeGreaterThanOrEqualTo(300);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void guardAnswersAsTheTableSays(Case c) {
        String thrown = c.expect().get("throws");
        if (thrown != null) {
            GabyException e = catchThrowableOfType(() -> SqlGuard.inspect(c.sql(), c.flavor()), GabyException.class);
            assertThat(e).as("inspect must refuse").isNotNull();
            assertThat(e.code()).isEqualTo(ErrorCode.valueOf(thrown));
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        InspectedStatement s = SqlGuard.inspect(c.sql(), c.flavor());
        for (Map.Entry<String, String> e : c.expect().entrySet()) {
            check(s, e.getKey(), e.getValue());
        }
    }

    private static void check(InspectedStatement s, String key, String value) {
        switch (key) {
            case "kind":
                assertThat(s.kind()).as("kind of " + s).isEqualTo(StatementKind.valueOf(value));
                break;
            case "tx":
                assertThat(s.transactional()).as("transactional").isEqualTo(Boolean.parseBoolean(value));
                break;
            case "cmd":
                assertThat(s.command()).isEqualTo(value.replace('~', ' '));
                break;
            case "written":
                assertThat(s.writtenTables()).containsExactly(value.split(","));
                break;
            case "preview":
                assertThat(s.previewable())
                        .as("previewable (blockers: " + s.noPreview() + ")")
                        .isEqualTo(value.equals("yes"));
                break;
            case "returning":
                assertThat(s.returning()).isEqualTo(Boolean.parseBoolean(value));
                break;
            case "read":
                verdict(() -> AccessPolicy.requireRead(s), value, s);
                break;
            case "rw":
                verdict(() -> AccessPolicy.authorizeWrite(s, Mode.READWRITE, false), value, s);
                break;
            case "rwfull":
                verdict(() -> AccessPolicy.authorizeWrite(s, Mode.READWRITE, true), value, s);
                break;
            case "admin":
                verdict(() -> AccessPolicy.authorizeWrite(s, Mode.ADMIN, false), value, s);
                break;
            default:
                throw new IllegalStateException("unknown expectation " + key);
        }
    }

    private static void verdict(Runnable decision, String expected, InspectedStatement s) {
        if (expected.equals("ok")) {
            assertThatCode(decision::run).as("allowed: " + s).doesNotThrowAnyException();
            return;
        }
        GabyException e = catchThrowableOfType(decision::run, GabyException.class);
        assertThat(e).as("must be refused: " + s).isNotNull();
        assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.valueOf(expected));
        assertThat(e.getMessage()).contains("rule");
    }
}
