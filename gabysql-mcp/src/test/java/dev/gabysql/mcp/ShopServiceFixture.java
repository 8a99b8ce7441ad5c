package dev.gabysql.mcp;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** For tests that serve a readonly service over a fresh sample shop ({@link Shop}, a SQLite file) in each test. */
public class ShopServiceFixture {
    @TempDir
    Path dir;

    public GabyService service;

    @BeforeEach
    void openShop() {
        service = Shop.service(Mode.READONLY, Shop.sqlite(dir));
    }

    @AfterEach
    void closeShop() {
        service.close();
    }
}
