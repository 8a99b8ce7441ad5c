package dev.gabysql.mcp.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which lines are plain tool calls, and params read as Jackson's untyped binding reads them. */
final class IncomingLineTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    @Test
    void aToolCallWithNameAndArgumentsIsPlain() {
        IncomingLine l = parse("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"gabysql_query\",\"arguments\":{\"db\":\"shop\",\"sql\":\"SELECT 1\"}}}");
        assertThat(l.isPlainToolCall()).isTrue();
        assertThat(l.id()).isEqualTo(7);
        assertThat(l.toolName()).isEqualTo("gabysql_query");
        assertThat(l.arguments()).isEqualTo(Map.of("db", "shop", "sql", "SELECT 1"));
        assertThat(parse("{\"params\":{\"arguments\":{},\"name\":\"t\"},\"method\":\"tools/call\",\"id\":\"a-1\","
                                + "\"jsonrpc\":\"2.0\"}")
                        .isPlainToolCall())
                .isTrue();
        assertThat(parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}")
                        .isPlainToolCall())
                .isTrue();
    }

    @Test
    void anythingElseIsLeftToTheSdk() {
        String[] lines = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"_meta\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"arguments\":[]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":5}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":[\"t\"]}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234,\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
            "{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"},\"extra\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"name\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}} {}",
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}]",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}",
            "not json",
            "",
        };
        for (String line : lines) {
            assertThat(parse(line).isPlainToolCall()).as(line).isFalse();
        }
    }

    @Test
    void aToolListWithoutCursorOrMetaIsPlain() {
        assertThat(parse("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}")
                        .isPlainToolList())
                .isTrue();
        assertThat(parse("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\",\"params\":{}}")
                        .isPlainToolList())
                .isTrue();
        String[] others = {
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":[]}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"extra\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}",
        };
        for (String line : others) {
            assertThat(parse(line).isPlainToolList()).as(line).isFalse();
            assertThat(parse(line).isPlainToolCall()).as(line).isFalse();
        }
    }

    @Test
    void readsTheMethodOfOtherMessages() {
        assertThat(parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                        .method())
                .isEqualTo("notifications/initialized");
        IncomingLine init = parse("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
        assertThat(init.method()).isEqualTo("initialize");
        assertThat(init.params()).containsKey("clientInfo");
    }

    @Test
    void paramsAreTheValuesJacksonWouldGive() throws Exception {
        String params = "{\"name\":\"t\",\"arguments\":{\"i\":1,\"l\":12345678901,\"big\":123456789012345678901234,"
                + "\"d\":1.5,\"e\":1e3,\"neg\":-0.0,\"s\":\"é\\n\\u2603\",\"t\":true,\"f\":false,\"n\":null,"
                + "\"a\":[1,[2,{\"x\":[]}],\"y\"],\"o\":{\"k\":{}},\"dup\":1,\"dup\":2}}";
        IncomingLine l = parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + params + "}");
        assertThat(l.params()).isEqualTo(JACKSON.readValue(params, Map.class));
        assertThat(l.arguments().get("i")).isInstanceOf(Integer.class);
        assertThat(l.arguments().get("l")).isInstanceOf(Long.class);
        assertThat(l.arguments().get("d")).isInstanceOf(Double.class);
    }

    private static IncomingLine parse(String line) {
        return IncomingLine.parse(line.getBytes(StandardCharsets.UTF_8));
    }
}
