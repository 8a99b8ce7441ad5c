package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.mcp.tool.ToolSelection;
import dev.gabysql.server.ServerOptions;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gabysql serve}'s defaults are the server's constants: written once, shown by {@code --help}. */
class ServeDefaultsTest {
    @Test
    void helpShowsTheServerOptionsConstants() {
        // picocli wraps long descriptions: compare with the line breaks as spaces
        String help = new CommandLine(new ServeCommand()).getUsageMessage().replaceAll("\\s+", " ");
        assertThat(help)
                .contains("on " + ServerOptions.DEFAULT_HOST + ":" + ServerOptions.DEFAULT_PORT)
                .contains("(default: " + ServerOptions.DEFAULT_HOST + ")")
                .contains("(default: " + ServerOptions.DEFAULT_PORT + ")")
                .contains("(default: " + ServerOptions.DEFAULT_MAX_CONCURRENT + ")")
                .contains("(default: " + ServerOptions.DEFAULT_MAX_BODY + ")")
                .contains("(default: " + ServerOptions.DEFAULT_REQUEST_TIMEOUT_SECONDS + ")")
                .contains("(default: " + ServerOptions.DEFAULT_IDLE_TIMEOUT_SECONDS + ")")
                .contains("(default: " + ServerOptions.DEFAULT_STOP_TIMEOUT_SECONDS + ")")
                .contains("(default: " + ServerOptions.Mcp.DEFAULT_KEEP_ALIVE_SECONDS + ")")
                .contains("(default: " + ServerOptions.Mcp.DEFAULT_SESSION_TIMEOUT_SECONDS + ")")
                .contains("(default: " + ServerOptions.Mcp.DEFAULT_MAX_SESSIONS + ")");
    }

    @Test
    void noFlagsGiveTheServersDefaults() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs();
        ServerOptions given = serve.options();
        ServerOptions defaults = ServerOptions.defaults();
        assertThat(given.withTokens(defaults.tokens()).withMcp(defaults.mcp())).isEqualTo(defaults);
        assertThat(given.mcp().keepAlive()).isEqualTo(defaults.mcp().keepAlive());
        assertThat(given.mcp().sessionTimeout()).isEqualTo(defaults.mcp().sessionTimeout());
        assertThat(given.mcp().maxSessions()).isEqualTo(defaults.mcp().maxSessions());
        assertThat(given.mcp().tools()).isEqualTo(ToolSelection.EVERY_TOOL);
        assertThat(given.mcp().stateless()).as("sessions by default").isFalse();
    }

    @Test
    void mcpStatelessServesMcpWithoutSessions() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--mcp-stateless");
        assertThat(serve.options().mcp().stateless()).isTrue();
    }

    @Test
    void mcpToolsSelectTheToolsOfTheMcpEndpoint() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--mcp-tools", "minimal,search");
        assertThat(serve.options().mcp().tools())
                .isEqualTo(ToolSelection.parse(List.of("gabysql_describe_database", "gabysql_search", "query")));
    }
}
