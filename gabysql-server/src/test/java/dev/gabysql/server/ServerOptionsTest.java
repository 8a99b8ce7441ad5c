package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the server refuses to start with. */
class ServerOptionsTest {

    @Test
    void nonLoopbackBindWithoutATokenIsRefusedWithExitCode2() {
        for (String host : new String[] {"0.0.0.0", "::", "192.0.2.10"}) {
            assertThatThrownBy(() -> ServerOptions.defaults().withHost(host).validate())
                    .isInstanceOfSatisfying(GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                        assertThat(e.code().exitCode()).isEqualTo(2);
                        assertThat(e.getMessage()).contains(host).contains("without a token");
                        assertThat(e.hint()).contains("--token");
                    });
        }
    }

    @Test
    void nonLoopbackBindWithATokenIsAccepted() {
        ServerOptions.defaults()
                .withHost("0.0.0.0")
                .withTokens(List.of(ApiToken.parse("s3cret-token-0123456789", "t")))
                .validate();
    }

    @Test
    void loopbackNamesNeedNoToken() {
        for (String host : new String[] {"127.0.0.1", "localhost", "::1", "127.1.2.3"}) {
            ServerOptions.defaults().withHost(host).validate();
        }
    }

    @Test
    void startRefusesBeforeBinding() {
        assertThatThrownBy(() -> GabyServer.start(null, ServerOptions.defaults().withHost("0.0.0.0"), System.err))
                .isInstanceOf(GabyException.class)
                .hasMessageContaining("without a token");
    }

    @Test
    void nonsenseLimitsAreRefused() {
        assertThatThrownBy(() -> ServerOptions.defaults().withMaxConcurrent(0).validate())
                .hasMessageContaining("--max-connections");
        assertThatThrownBy(() -> ServerOptions.defaults().withPort(70_000).validate())
                .hasMessageContaining("--port");
        assertThatThrownBy(() -> ServerOptions.defaults().withMaxBodyBytes(10).validate())
                .hasMessageContaining("--max-body");
        assertThatThrownBy(() -> ApiToken.parse(":readonly", "t")).hasMessageContaining("empty");
        assertThatThrownBy(() -> ServerOptions.defaults()
                        .withMcp(new ServerOptions.Mcp(
                                "t", java.time.Duration.ofSeconds(15), java.time.Duration.ofMinutes(30), 0))
                        .validate())
                .hasMessageContaining("--mcp-max-sessions");
    }

    @Test
    void aPortInUseIsAClearConfigError() {
        try (TestServer first =
                TestServer.start(List.of(), dev.gabysql.core.api.Mode.READONLY, ServerOptions.defaults())) {
            int port = first.server.port();
            assertThatThrownBy(() -> GabyServer.start(
                            first.service, ServerOptions.defaults().withPort(port), System.err))
                    .isInstanceOfSatisfying(GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                        assertThat(e.getMessage()).contains(String.valueOf(port));
                    });
        }
    }
}
