package dev.gabysql.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link JsonBytes} writes every value byte for byte as {@link Json#MAPPER} does. */
class JsonBytesTest {
    private static final Random RANDOM = new Random(7);

    @Test
    void everyBmpCharacterIsWrittenAsTheMapperWritesIt() throws Exception {
        for (int c = 0; c <= 0xFFFF; c++) {
            String s = "a" + (char) c + "b";
            assertThat(written(s)).as("U+%04X", c).isEqualTo(Json.MAPPER.writeValueAsBytes(s));
        }
    }

    @Test
    void surrogatePairsLoneSurrogatesAndLongStringsToo() throws Exception {
        List<String> samples = new ArrayList<>(List.of(
                "",
                "😀",
                "x😀y\uD83D",
                "\uDE00z",
                "\uD83D\uD83D\uDE00",
                "Zoë \"q\" \\ back\nline\t\u0001 ☃ \u2028 /",
                "x".repeat(10_000),
                "\u0001".repeat(5_000)));
        for (int i = 0; i < 2_000; i++) {
            samples.add(randomText(RANDOM.nextInt(200)));
        }
        for (String s : samples) {
            assertThat(written(s)).as("%s", s).isEqualTo(Json.MAPPER.writeValueAsBytes(s));
        }
    }

    @Test
    void numbersBooleansAndNullAsTheMapperWritesThem() throws Exception {
        List<Object> values = new ArrayList<>(List.of(
                0L,
                -1L,
                Long.MIN_VALUE,
                Long.MAX_VALUE,
                42,
                -0.0,
                0.1 + 0.2,
                1e-7,
                1e21,
                Double.MIN_VALUE,
                Double.MAX_VALUE,
                Double.NaN,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                new BigDecimal("12.50"),
                new BigDecimal("1E+3"),
                new BigDecimal("0.000001"),
                new BigDecimal("-1.23E-12"),
                BigDecimal.ZERO,
                true,
                false));
        for (int i = 0; i < 2_000; i++) {
            values.add(RANDOM.nextLong());
            values.add(Double.longBitsToDouble(RANDOM.nextLong()));
            values.add(new BigDecimal(new BigInteger(80, RANDOM), RANDOM.nextInt(40) - 20));
        }
        values.add(null);
        for (Object v : values) {
            JsonBytes out = new JsonBytes(4);
            assertThat(out.value(v)).isTrue();
            assertThat(out.toBytes()).as("%s", v).isEqualTo(Json.MAPPER.writeValueAsBytes(v));
        }
    }

    @Test
    void treesOfMapsAndListsAsTheMapperWritesThem() throws Exception {
        for (int i = 0; i < 500; i++) {
            Object tree = randomTree(3);
            JsonBytes out = new JsonBytes(4);
            assertThat(out.tree(tree)).isTrue();
            assertThat(out.toBytes()).as("%s", tree).isEqualTo(Json.MAPPER.writeValueAsBytes(tree));
        }
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("a", null);
        assertThat(new JsonBytes(4).tree(withNull)).isFalse(); // left to the caller: mappers differ on null members
        assertThat(new JsonBytes(4).tree(List.of(Map.of("k", 1.5f)))).isFalse();
        assertThat(new JsonBytes(4).tree(Map.of(1, "x"))).isFalse();
    }

    private static Object randomTree(int depth) {
        int kind = RANDOM.nextInt(depth > 0 ? 7 : 5);
        switch (kind) {
            case 0:
                return RANDOM.nextLong();
            case 1:
                return RANDOM.nextDouble() * 1e6;
            case 2:
                return RANDOM.nextBoolean();
            case 3:
                return randomString();
            case 4:
                return RANDOM.nextInt(4) == 0 ? null : RANDOM.nextInt();
            case 5:
                List<Object> list = new ArrayList<>();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    list.add(randomTree(depth - 1));
                }
                return list;
            default:
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    Object v = randomTree(depth - 1);
                    map.put(randomString(), v == null ? "null" : v);
                }
                return map;
        }
    }

    private static String randomString() {
        StringBuilder sb = new StringBuilder();
        for (int i = RANDOM.nextInt(6); i > 0; i--) {
            sb.append((char) (RANDOM.nextBoolean() ? 'a' + RANDOM.nextInt(26) : RANDOM.nextInt(0x3000)));
        }
        return sb.toString();
    }

    @Test
    void textIsWhatTheMappersWriteGives() {
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("a", null);
        withNull.put("b", 1);
        List<Object> values = new ArrayList<>(List.of(
                List.of(),
                List.of(1, "x", 2.5, true),
                Map.of("k", List.of(1)),
                withNull,
                List.of(withNull),
                "text \u0001 \uD83D\uDE00",
                new BigDecimal("1.50"),
                1.5f));
        values.add(Arrays.asList(null, 1));
        for (int i = 0; i < 200; i++) {
            values.add(randomTree(3));
        }
        for (Object v : values) {
            assertThat(JsonBytes.text(v)).as("%s", v).isEqualTo(Json.write(v));
        }
    }

    @Test
    void otherTypesAreLeftToTheCaller() {
        JsonBytes out = new JsonBytes(4);
        assertThat(out.value(1.5f)).isFalse();
        assertThat(out.value(BigInteger.ONE)).isFalse();
        assertThat(out.value(List.of(1))).isFalse();
        assertThat(out.length()).isZero();
    }

    @Test
    void structureIsTheCallers() {
        JsonBytes out = new JsonBytes(1);
        out.raw(JsonBytes.ascii("{\"a\":")).string("x").raw(',');
        int before = out.length();
        out.raw(JsonBytes.ascii("\"b\":")).number(1L).raw('}');
        assertThat(new String(out.toBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"x\",\"b\":1}");
        assertThat(new String(out.toBytes(before), StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"x\",");
        out.truncate(before - 1);
        out.raw('}');
        assertThat(new String(out.toBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"x\"}");
        assertThatThrownBy(() -> out.truncate(100)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] written(String s) {
        return new JsonBytes(2).string(s).toBytes();
    }

    private static String randomText(int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = RANDOM.nextInt(6);
            if (kind == 0) {
                sb.append((char) RANDOM.nextInt(0x20));
            } else if (kind == 1) {
                sb.appendCodePoint(0x10000 + RANDOM.nextInt(0x10FFFF - 0x10000));
            } else if (kind == 2) {
                sb.append((char) (0xD800 + RANDOM.nextInt(0x800))); // lone surrogates, now and then paired by chance
            } else if (kind == 3) {
                sb.append((char) (0x80 + RANDOM.nextInt(0xD800 - 0x80)));
            } else {
                sb.append("\"\\/abc ".charAt(RANDOM.nextInt(7)));
            }
        }
        return sb.toString();
    }
}
