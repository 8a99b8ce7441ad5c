package dev.gabysql.mcp.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link JsonValueReader} reads what Jackson's untyped binding reads, and refuses at least what it refuses. */
class JsonValueReaderTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();
    private static final Random RANDOM = new Random(11);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "[]",
                " \t\r\n{ \"a\" : [ 1 , 2 ] }\n",
                "\"\"",
                "0",
                "-0",
                "-0.0",
                "1e3",
                "1E+3",
                "2.5e-3",
                "-1.5E-300",
                "1e400",
                "2147483647",
                "2147483648",
                "-2147483648",
                "-2147483649",
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "-9223372036854775809",
                "123456789012345678901234567890",
                "0.1",
                "true",
                "false",
                "null",
                "[true,false,null]",
                "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u2603\\uD83D\\uDE00\"",
                "\"\\ud800 lone\"",
                "\"é☃😀\u007f\"",
                "{\"dup\":1,\"x\":2,\"dup\":3}",
                "[[[[[]]]]]",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"q\",\"arguments\":"
                        + "{\"sql\":\"SELECT 'José' FROM t WHERE x = ?\",\"params\":[1,2.5,\"a\",null,true]}}}"
            })
    void readsWhatJacksonReads(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        JsonValueReader reader = new JsonValueReader(bytes);
        Object value = reader.value();
        assertThat(reader.atEnd()).isTrue();
        assertSameValue(value, JACKSON.readValue(bytes, Object.class));
    }

    @Test
    void readsRandomDocumentsAsJacksonDoes() throws Exception {
        for (int i = 0; i < 3_000; i++) {
            byte[] bytes = JACKSON.writeValueAsBytes(randomValue(0));
            assertSameValue(new JsonValueReader(bytes).value(), JACKSON.readValue(bytes, Object.class));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "{",
                "[",
                "{\"a\"}",
                "{\"a\":}",
                "{\"a\":1,}",
                "[1,]",
                "[,1]",
                "{a:1}",
                "{'a':1}",
                "'x'",
                "01",
                "-",
                "1.",
                ".5",
                "+1",
                "1e",
                "1e+",
                "0x10",
                "NaN",
                "Infinity",
                "-Infinity",
                "tru",
                "truex",
                "nul",
                "\"abc",
                "\"\\x\"",
                "\"\\u12\"",
                "\"\\u12G4\"",
                "\"tab\there\"",
                "\"new\nline\"",
                "/* c */ 1",
                "[1 2]",
                "{\"a\" 1}",
                "{\"a\":1 \"b\":2}",
                "[1}",
                "{]"
            })
    void refusesWhatJacksonRefuses(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JACKSON.readValue(bytes, Object.class))
                .as("Jackson on %s", json)
                .isInstanceOf(Exception.class);
        assertThatThrownBy(() -> new JsonValueReader(bytes).value())
                .as(json)
                .isInstanceOf(JsonValueReader.Malformed.class);
    }

    @Test
    void refusesMalformedUtf8AndDeepNesting() {
        byte[][] bad = {
            {'"', (byte) 0x80, '"'},
            {'"', (byte) 0xC3, '"'},
            {'"', (byte) 0xC0, (byte) 0xAF, '"'},
            {'"', (byte) 0xE0, (byte) 0x80, (byte) 0xAF, '"'},
            {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},
            {'"', (byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80, '"'},
            {'"', (byte) 0xFF, '"'}
        };
        for (byte[] b : bad) {
            assertThatThrownBy(() -> new JsonValueReader(b).value()).isInstanceOf(JsonValueReader.Malformed.class);
        }
        String deep = "[".repeat(JsonValueReader.MAX_DEPTH + 1) + "]".repeat(JsonValueReader.MAX_DEPTH + 1);
        assertThatThrownBy(() -> new JsonValueReader(deep.getBytes(StandardCharsets.UTF_8)).value())
                .isInstanceOf(JsonValueReader.Malformed.class);
        String deepest = "[".repeat(JsonValueReader.MAX_DEPTH) + "]".repeat(JsonValueReader.MAX_DEPTH);
        assertThat(catchValue(deepest)).isInstanceOf(List.class);
    }

    @Test
    void saysWhetherSomethingFollowsTheValue() throws Exception {
        JsonValueReader reader = new JsonValueReader("{\"a\":1} {}".getBytes(StandardCharsets.UTF_8));
        assertThat(reader.value()).isEqualTo(Map.of("a", 1));
        assertThat(reader.atEnd()).isFalse();
    }

    private static Object catchValue(String json) {
        try {
            return new JsonValueReader(json.getBytes(StandardCharsets.UTF_8)).value();
        } catch (JsonValueReader.Malformed e) {
            throw new AssertionError(e);
        }
    }

    /** Equal values of equal classes, all the way down, and maps in the same order. */
    private static void assertSameValue(Object actual, Object expected) {
        if (expected == null) {
            assertThat(actual).isNull();
            return;
        }
        assertThat(actual).isInstanceOf(expected.getClass());
        if (expected instanceof Map) {
            assertThat(new ArrayList<>(((Map<?, ?>) actual).keySet()))
                    .isEqualTo(new ArrayList<>(((Map<?, ?>) expected).keySet()));
            for (Object k : ((Map<?, ?>) expected).keySet()) {
                assertSameValue(((Map<?, ?>) actual).get(k), ((Map<?, ?>) expected).get(k));
            }
        } else if (expected instanceof List) {
            assertThat(((List<?>) actual)).hasSameSizeAs((List<?>) expected);
            for (int i = 0; i < ((List<?>) expected).size(); i++) {
                assertSameValue(((List<?>) actual).get(i), ((List<?>) expected).get(i));
            }
        } else {
            assertThat(actual).isEqualTo(expected);
        }
    }

    private static Object randomValue(int depth) {
        int kind = RANDOM.nextInt(depth > 4 ? 8 : 10);
        switch (kind) {
            case 0:
                return null;
            case 1:
                return RANDOM.nextBoolean();
            case 2:
                return RANDOM.nextInt();
            case 3:
                return RANDOM.nextLong();
            case 4:
                return new BigInteger(100, RANDOM);
            case 5:
                double finite = Double.longBitsToDouble(RANDOM.nextLong() & 0x7FEFFFFFFFFFFFFFL);
                return RANDOM.nextBoolean() ? finite : -finite;
            case 6:
            case 7:
                return randomString();
            case 8:
                List<Object> list = new ArrayList<>();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    list.add(randomValue(depth + 1));
                }
                return list;
            default:
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    map.put(randomString(), randomValue(depth + 1));
                }
                return map;
        }
    }

    private static String randomString() {
        StringBuilder sb = new StringBuilder();
        for (int i = RANDOM.nextInt(12); i > 0; i--) {
            int k = RANDOM.nextInt(5);
            if (k == 0) {
                sb.append((char) RANDOM.nextInt(0x80));
            } else if (k == 1) {
                sb.appendCodePoint(RANDOM.nextInt(0x10FFFF - 0x10000) + 0x10000);
            } else if (k == 2) {
                sb.append((char) (0x80 + RANDOM.nextInt(0xD800 - 0x80)));
            } else {
                sb.append("ab \"\\/é".charAt(RANDOM.nextInt(7)));
            }
        }
        return sb.toString();
    }
}
