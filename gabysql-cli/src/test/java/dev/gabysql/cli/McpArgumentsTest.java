package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

class McpArgumentsTest {
    static List<List<String>> plainArguments() {
        return List.of(
                List.of(),
                List.of("--demo"),
                List.of("--db", "bench=/tmp/x.db", "--audit-log", "none"),
                List.of("--db=a=jdbc:postgresql://h/db?user=u&password=p", "--db", "b.db", "--mode=readwrite"),
                List.of(
                        "--data-dir",
                        "/srv/data",
                        "--config",
                        "g.toml",
                        "--max-rows",
                        "20",
                        "--timeout=5",
                        "--schema-ttl",
                        "0"),
                List.of("--server", "http://127.0.0.1:7878", "--token", "t0k=n", "--mode", "readonly"),
                List.of("--demo", "--max-message", "4096"),
                List.of("--audit-log=/var/log/a.jsonl", "--demo", "--max-rows=+7"),
                List.of("--demo", "--mode", "readwrite", "--approval", "agent", "--approvals-dir=/tmp/approvals"),
                List.of("--demo", "--tools", "minimal"),
                List.of("--tools=gabysql_query,explain,", "--demo", "--tools", "search"),
                List.of("--demo", "--state", "jdbc:postgresql://db:5432/gabysql?user=gaby&password=p"),
                List.of("--state=jdbc:postgresql://db/gabysql", "--mode=readwrite"));
    }

    @ParameterizedTest
    @MethodSource("plainArguments")
    void readsPlainArgumentsExactlyAsPicocliDoes(List<String> argList) {
        String[] args = argList.toArray(new String[0]);
        McpCommand fast = McpArguments.parse(args);
        McpCommand picocli = new McpCommand();
        new CommandLine(picocli).parseArgs(args);

        assertThat(fast).isNotNull();
        assertThat(fast).usingRecursiveComparison().usingOverriddenEquals().isEqualTo(picocli);
    }

    static List<List<String>> argumentsLeftToPicocli() {
        return List.of(
                List.of("--help"),
                List.of("-h"),
                List.of("--version"),
                List.of("-V"),
                List.of("--bogus"),
                List.of("stray"),
                List.of("--db"),
                List.of("--max-rows", "many"),
                List.of("--timeout=1.5"),
                List.of("--max-message", "1e6"),
                List.of("--mode", "readonly", "--mode", "admin"),
                List.of("--demo", "--demo"),
                List.of("--demo=true"),
                List.of("--audit-log", "--demo"),
                List.of("--server", "http://bad host/"),
                List.of("--tools", "\"query,explain\""),
                List.of("--", "--demo"));
    }

    @ParameterizedTest
    @MethodSource("argumentsLeftToPicocli")
    void leavesEverythingElseToPicocli(List<String> args) {
        assertThat(McpArguments.parse(args.toArray(new String[0]))).isNull();
    }

    @Test
    void knowsEveryOptionOfTheCommandAndNoOther() {
        List<OptionSpec> options =
                new CommandLine(new McpCommand()).getCommandSpec().options();
        for (OptionSpec o : options) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            String[] args =
                    o.typeInfo().isBoolean() ? new String[] {o.longestName()} : new String[] {o.longestName(), "1"};
            assertThat(McpArguments.parse(args)).as(o.longestName()).isNotNull();
        }
        assertThat(options)
                .extracting(OptionSpec::longestName)
                .containsExactlyInAnyOrder(
                        "--help",
                        "--version",
                        "--db",
                        "--data-dir",
                        "--demo",
                        "--config",
                        "--mode",
                        "--max-rows",
                        "--timeout",
                        "--schema-ttl",
                        "--audit-log",
                        "--approval",
                        "--approvals-dir",
                        "--state",
                        "--server",
                        "--token",
                        "--max-message",
                        "--tools");
    }
}
