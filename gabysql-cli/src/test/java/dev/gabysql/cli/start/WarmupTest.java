package dev.gabysql.cli.start;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.config.CacheDirectory;
import dev.gabysql.mcp.stdio.ClientActivity;
import dev.gabysql.mcp.tool.McpOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmupTest {
    @TempDir
    Path cache;

    @BeforeEach
    void useATemporaryCache() {
        System.setProperty(CacheDirectory.PROPERTY, cache.toString());
    }

    @AfterEach
    void restoreTheCache() {
        System.clearProperty(CacheDirectory.PROPERTY);
    }

    @Test
    void everyWarmupCallSucceedsAndNothingIsLeftBehind() throws Exception {
        List<Path> before = temporaryEntries();
        Warmup warmup = new Warmup(McpOptions.defaults("test"), new ClientActivity(), 4);

        warmup.run();

        assertThat(warmup.answered()).isEqualTo(4 * 3); // each round: query, describe_table, describe_database
        assertThat(temporaryEntries()).isEqualTo(before);
        assertThat(cache.resolve("warmup-test").resolve("demo.db")).isRegularFile(); // kept for the next process

        Warmup again = new Warmup(McpOptions.defaults("test"), new ClientActivity(), 1);
        again.run();
        assertThat(again.answered()).isEqualTo(3); // the kept copy serves as is
    }

    private static List<Path> temporaryEntries() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("gabysql-warmup"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }
}
