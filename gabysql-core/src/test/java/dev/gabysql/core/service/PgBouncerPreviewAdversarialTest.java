package dev.gabysql.core.service;

import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import org.junit.jupiter.api.Nested;

/**
 * The attacks on a preview on PostgreSQL with gabysql connected through PgBouncer, in both pool modes (issue 24); the fixture and the
 * state are read directly from the server.
 */
class PgBouncerPreviewAdversarialTest {

    @Nested
    class TransactionPooling extends PostgresPreviewAdversarialTest {
        @Override
        protected String serviceUrl(String fixtureUrl) {
            return PgBouncer.shared(PoolMode.TRANSACTION).url(fixtureUrl);
        }
    }

    @Nested
    class SessionPooling extends PostgresPreviewAdversarialTest {
        @Override
        protected String serviceUrl(String fixtureUrl) {
            return PgBouncer.shared(PoolMode.SESSION).url(fixtureUrl);
        }
    }
}
