package dev.gabysql.core.service;

import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import org.junit.jupiter.api.Nested;

/**
 * The write traps (issue 21) on PostgreSQL with gabysql connected through PgBouncer, in both pool modes (issue 24);
 * the fixture and the state are read directly from the server. The common attacks, the cascades and triggers and
 * the foreign writes run here; the long tables of non-transactional functions, counters and maintenance run in
 * {@link PostgresWriteTrapTest} (they passed through PgBouncer in both modes when it was added: docs/deploy.md), and
 * the state's own test meets no gabysql at all.
 */
class PgBouncerWriteTrapTest {

    abstract static class ThroughPgBouncer extends PostgresWriteTrapTest {
        /** Not a test here (no annotation): the long tables. */
        @Override
        void nothingChangesAfterAPreview(String sql) {}

        /** Not a test here (no annotation): the witnesses run outside gabysql. */
        @Override
        void theStateSeesWhatATrapWouldLeave(String witness) {}
    }

    @Nested
    class TransactionPooling extends ThroughPgBouncer {
        @Override
        protected String serviceUrl(String fixtureUrl) {
            return PgBouncer.shared(PoolMode.TRANSACTION).url(fixtureUrl);
        }
    }

    @Nested
    class SessionPooling extends ThroughPgBouncer {
        @Override
        protected String serviceUrl(String fixtureUrl) {
            return PgBouncer.shared(PoolMode.SESSION).url(fixtureUrl);
        }
    }
}
