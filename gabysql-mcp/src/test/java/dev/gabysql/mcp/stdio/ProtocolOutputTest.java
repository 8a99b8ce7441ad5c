package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What reaches stdout when the first initialize was answered early: that answer, then everything else, except the
 * SDK's own reply to the same request and its line end; lines written with {@code writeLine} are never dropped.
 */
final class ProtocolOutputTest {
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ProtocolOutput out = new ProtocolOutput(stdout);

    @Test
    void theSdksReplyToTheAnsweredRequestIsDroppedWithItsLineEndAndNothingElse() throws IOException {
        out.answerFirst("a\"1", bytes("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"early\":true}}\n"));
        out.writeLine(bytes("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"direct\":true}}\n"));
        sdkWrites("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"sdk\":true}}");
        sdkWrites("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"sdk\":\"again\"}}");
        sdkWrites("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}");
        assertThat(stdout.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"early\":true}}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"direct\":true}}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"1\",\"result\":{\"sdk\":\"again\"}}\n" // only one is
                        // dropped
                        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n");
    }

    @Test
    void aReplyToAnotherIdPassesAndAnSdkErrorForTheAnsweredOneIsDroppedToo() throws IOException {
        out.answerFirst(7, bytes("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n"));
        sdkWrites("{\"jsonrpc\":\"2.0\",\"id\":70,\"result\":{}}"); // another id that begins alike
        sdkWrites("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,\"message\":\"x\"}}"); // said on stderr
        assertThat(stdout.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":70,\"result\":{}}\n");
    }

    @Test
    void withoutAnEarlyAnswerEverythingPasses() throws IOException {
        sdkWrites("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        out.write('x');
        assertThat(stdout.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\nx");
    }

    /** As the SDK's stdio transport writes a message: its JSON, then the line end, then a flush, under the lock. */
    private void sdkWrites(String json) throws IOException {
        synchronized (out) {
            out.write(bytes(json));
            out.write(bytes("\n"));
            out.flush();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
