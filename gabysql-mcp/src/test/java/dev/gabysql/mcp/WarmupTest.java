package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class WarmupTest {
    @Test
    void everyWarmupCallSucceedsAndNothingIsLeftBehind() throws Exception {
        List<Path> before = warmupDirectories();
        Warmup warmup = new Warmup(McpOptions.defaults("test"), new ClientActivity(), 4);

        warmup.run();

        assertThat(warmup.answered()).isEqualTo(4 * 3); // each round: query, describe_table, describe_database
        assertThat(warmupDirectories()).isEqualTo(before);
    }

    private static List<Path> warmupDirectories() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("gabysql-warmup")).sorted()
                    .collect(Collectors.toList());
        }
    }
}
