package dev.gabysql.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Trees made without the mapper are the mapper's trees: {@link JsonTrees#node} gives what {@code valueToTree} gives
 * (as JSON), and {@link JsonBytes#node} writes any tree of the usual node kinds byte for byte as the mapper does.
 */
class JsonTreesTest {
    private static final Random RANDOM = new Random(11);
    private static final List<Object> VALUES = Arrays.asList(
            null,
            "",
            "text",
            "quote \" and \\ and \n and \u0001",
            "emoji \uD83D\uDE00 and lone \uD800",
            true,
            false,
            0,
            -1,
            Integer.MAX_VALUE,
            (short) 7,
            0L,
            Long.MIN_VALUE,
            0.0,
            -0.0,
            1.5,
            1e300,
            4.9e-324,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            new BigDecimal("100"),
            new BigDecimal("100.00"),
            new BigDecimal("1.50"),
            new BigDecimal("0.00"),
            BigDecimal.ZERO,
            new BigDecimal("-1.2300"),
            new BigDecimal("1E+3"),
            new BigDecimal("1E-10"),
            new BigDecimal("123456789012345678901234567890.000"),
            List.of(),
            List.of(1, "a", List.of(2.5)));

    @Test
    void valuesBecomeTheNodesTheMapperMakes() throws Exception {
        for (Object v : VALUES) {
            assertThat(Json.MAPPER.writeValueAsString(JsonTrees.node(v)))
                    .as("%s", v)
                    .isEqualTo(Json.MAPPER.writeValueAsString(Json.MAPPER.valueToTree(v)));
        }
        ArrayNode node = JsonTrees.array().add(1);
        assertThat(JsonTrees.node(node)).isSameAs(node);
    }

    @Test
    void otherValuesGoThroughTheMapper() throws Exception {
        UUID id = UUID.randomUUID();
        for (Object v : List.of(id, Map.of("k", 1), 1.5f, BigInteger.TEN, new int[] {1, 2})) {
            assertThat(Json.MAPPER.writeValueAsString(JsonTrees.node(v)))
                    .as("%s", v)
                    .isEqualTo(Json.MAPPER.writeValueAsString(Json.MAPPER.valueToTree(v)));
        }
    }

    @Test
    void treesAreWrittenAsTheMapperWritesThem() throws Exception {
        for (int i = 0; i < 500; i++) {
            JsonNode tree = randomTree(3);
            JsonBytes out = new JsonBytes(4);
            assertThat(out.node(tree)).isTrue();
            assertThat(out.toBytes()).as("%s", tree).isEqualTo(Json.MAPPER.writeValueAsBytes(tree));
        }
        ObjectNode all = JsonTrees.object();
        for (int i = 0; i < VALUES.size(); i++) {
            all.set("v" + i, JsonTrees.node(VALUES.get(i)));
        }
        all.putNull("explicit null");
        all.put("big integer", new BigInteger("123456789012345678901234567890"));
        JsonBytes out = new JsonBytes(4);
        assertThat(out.node(all)).isTrue();
        assertThat(out.toBytes()).isEqualTo(Json.MAPPER.writeValueAsBytes(all));
    }

    @Test
    void otherNodeKindsAreLeftToTheCaller() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        for (JsonNode n : List.of(
                nodes.numberNode(1.5f),
                nodes.binaryNode(new byte[] {1}),
                nodes.pojoNode(UUID.randomUUID()),
                JsonTrees.array().add(nodes.numberNode(2.5f)))) {
            assertThat(new JsonBytes(4).node(n)).as("%s", n).isFalse();
        }
    }

    private static JsonNode randomTree(int depth) {
        int kind = RANDOM.nextInt(depth > 0 ? 7 : 5);
        switch (kind) {
            case 0:
                return JsonTrees.node(RANDOM.nextBoolean() ? (Object) RANDOM.nextLong() : RANDOM.nextInt());
            case 1:
                return JsonTrees.node(
                        RANDOM.nextBoolean()
                                ? (Object) (RANDOM.nextDouble() * 1e6)
                                : BigDecimal.valueOf(RANDOM.nextLong(), RANDOM.nextInt(12) - 4));
            case 2:
                return JsonTrees.node(RANDOM.nextBoolean());
            case 3:
                return JsonTrees.node(randomString());
            case 4:
                return JsonTrees.node(null);
            case 5:
                List<JsonNode> items = new ArrayList<>();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    items.add(randomTree(depth - 1));
                }
                return JsonTrees.array().addAll(items);
            default:
                ObjectNode o = JsonTrees.object();
                for (int i = RANDOM.nextInt(4); i > 0; i--) {
                    o.set(randomString(), randomTree(depth - 1));
                }
                return o;
        }
    }

    private static String randomString() {
        StringBuilder sb = new StringBuilder();
        for (int i = RANDOM.nextInt(6); i > 0; i--) {
            int kind = RANDOM.nextInt(4);
            if (kind == 0) {
                sb.append((char) RANDOM.nextInt(0x20));
            } else if (kind == 1) {
                sb.appendCodePoint(0x10000 + RANDOM.nextInt(0x1000));
            } else {
                sb.append((char) (kind == 2 ? 'a' + RANDOM.nextInt(26) : RANDOM.nextInt(0xD000)));
            }
        }
        return sb.toString();
    }
}
