package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The top-level id of a message read in pieces: where it stands, what it is, what is not one. */
final class JsonRpcIdScannerTest {

    @Test
    void findsANumberOrStringIdWhereverItStands() {
        assertThat(id("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\"}"))
                .isEqualTo(42L);
        assertThat(id("{\"method\":\"m\",\"params\":{\"sql\":\"SELECT 1\"},\"id\":\"req-7\"}"))
                .isEqualTo("req-7");
        assertThat(id(" { \"id\" : -3 , \"method\":\"m\"}")).isEqualTo(-3L);
        assertThat(id("{\"id\":\"é-1\"}")).isEqualTo("é-1");
        assertThat(id("{\"id\":9")).as("a number at the end of what was read").isEqualTo(9L);
    }

    @Test
    void skipsIdsInsideParamsAndNamesThatOnlyLookLikeId() {
        assertThat(id("{\"params\":{\"id\":1,\"a\":[{\"id\":2}]},\"id\":3}")).isEqualTo(3L);
        assertThat(id("{\"params\":{\"x\":\"\\\"id\\\":5\"},\"idx\":6,\"i\":7,\"id\":8}"))
                .isEqualTo(8L);
        assertThat(id("{\"method\":\"id\",\"params\":[\"id\",\"id\"]}")).isNull();
        assertThat(id("{\"a\":\"x\",\"b\":\"id\"}")).isNull();
    }

    @Test
    void theFirstTopLevelIdWins() {
        assertThat(id("{\"id\":1,\"id\":2}")).isEqualTo(1L);
        assertThat(id("{\"id\":null,\"id\":2}")).isNull();
    }

    @Test
    void onlyPlainIdsCount() {
        assertThat(id("{\"id\":1.5}")).isNull();
        assertThat(id("{\"id\":1e3}")).isNull();
        assertThat(id("{\"id\":99999999999999999999}")).isNull();
        assertThat(id("{\"id\":\"a\\\"b\"}")).isNull();
        assertThat(id("{\"id\":\"" + "x".repeat(JsonRpcIdScanner.MAX_ID_BYTES + 1) + "\"}"))
                .isNull();
        assertThat(id("{\"id\":\"" + "x".repeat(JsonRpcIdScanner.MAX_ID_BYTES) + "\"}"))
                .isEqualTo("x".repeat(JsonRpcIdScanner.MAX_ID_BYTES));
        assertThat(id("{\"id\":{\"n\":1}}")).isNull();
        assertThat(id("{\"id\":true}")).isNull();
        assertThat(id("[{\"id\":1}]")).as("a batch").isNull();
        assertThat(id("garbage \"id\":1")).isNull();
        assertThat(id("")).isNull();
    }

    @Test
    void piecesCutAnywhereGiveTheSameId() {
        byte[] msg = bytes("{\"params\":{\"s\":\"a\\\\\\\"b\"},\"id\":\"abc\",\"method\":\"x\"}");
        for (int cut = 0; cut <= msg.length; cut++) {
            JsonRpcIdScanner scanner = new JsonRpcIdScanner();
            scanner.feed(msg, 0, cut);
            scanner.feed(msg, cut, msg.length);
            assertThat(scanner.id()).as("cut at %d", cut).isEqualTo("abc");
        }
    }

    private static Object id(String message) {
        JsonRpcIdScanner scanner = new JsonRpcIdScanner();
        byte[] b = bytes(message);
        for (int i = 0; i < b.length; i++) {
            scanner.feed(b, i, i + 1);
        }
        return scanner.id();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
