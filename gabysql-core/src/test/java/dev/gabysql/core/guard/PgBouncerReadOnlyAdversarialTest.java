package dev.gabysql.core.guard;

import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The PostgreSQL readonly attack tables with gabysql connected through PgBouncer, in both pool modes (issue 24):
 * the same attacks, reads, session probes and raw writes, the same snapshot read directly from the server.
 */
class PgBouncerReadOnlyAdversarialTest {

    @Nested
    class TransactionPooling extends PostgresReadOnlyAdversarialTest {
        @Override
        protected String createDatabase(Path dir) throws Exception {
            return PgBouncer.shared(PoolMode.TRANSACTION).url(super.createDatabase(dir));
        }
    }

    @Nested
    class SessionPooling extends PostgresReadOnlyAdversarialTest {
        @Override
        protected String createDatabase(Path dir) throws Exception {
            return PgBouncer.shared(PoolMode.SESSION).url(super.createDatabase(dir));
        }
    }
}
