package dev.gabysql.core.service;

import dev.gabysql.core.approval.ApprovalStore;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.config.SettingsResolver;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.state.MemoryTokenLedger;
import dev.gabysql.core.state.PendingStore;
import dev.gabysql.core.state.SharedPendingStore;
import dev.gabysql.core.state.SharedTokenLedger;
import dev.gabysql.core.state.StateDatabase;
import dev.gabysql.core.state.TokenLedger;
import java.time.Clock;

/**
 * Where a service keeps what must happen once (docs/design.md#shared-state): the redeemed confirm tokens and the
 * writes that wait for a person. Without {@code --state}, this process's memory and the account's approvals
 * directory; with it, the state database every replica names, which then also needs the confirm key every replica
 * signs with ({@code confirm_key}, {@code GABYSQL_CONFIRM_KEY}): a key made up per process would make each replica
 * refuse the others' tokens. The settings are checked at once; the ledger and the store are made on the first write
 * that needs them (a readonly start-up loads neither, nor the JSON mapper the approvals directory reads with), and
 * nothing is contacted before. Thread-safe.
 */
final class SingleUseState implements AutoCloseable {
    private final Settings settings;
    /** The replicas' state database, or null for this process and the approvals directory. */
    private final StateDatabase shared;

    private TokenLedger tokens;
    private PendingStore pending;

    private SingleUseState(Settings settings, StateDatabase shared) {
        this.settings = settings;
        this.shared = shared;
    }

    /**
     * The state {@code settings} name.
     *
     * @throws GabyException {@code CONFIG_INVALID} when a state database is named without a shared confirm key, or
     *     is not a PostgreSQL JDBC URL
     */
    static SingleUseState of(Settings settings) {
        if (settings.state() == null) {
            return new SingleUseState(settings, null);
        }
        StateDatabase db = new StateDatabase(settings.state());
        if (settings.confirmKey() == null || settings.confirmKey().isBlank()) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--state " + db.displayUrl() + " is shared by replicas, but no confirm key is given: each"
                            + " replica would sign confirm tokens with a key of its own, and refuse the others'.",
                    "Give every replica the same secret: export " + SettingsResolver.CONFIRM_KEY_ENV
                            + "=$(openssl rand -hex 32) (the same value everywhere), or confirm_key = \"${…}\" in"
                            + " [server] of gabysql.toml.");
        }
        return new SingleUseState(settings, db);
    }

    synchronized TokenLedger tokens() {
        if (tokens == null) {
            tokens = shared == null
                    ? new MemoryTokenLedger(Clock.systemUTC())
                    : new SharedTokenLedger(shared, Clock.systemUTC());
        }
        return tokens;
    }

    synchronized PendingStore pending() {
        if (pending == null) {
            pending = shared == null
                    ? new ApprovalStore(settings.approvals().store(), Clock.systemUTC())
                    : new SharedPendingStore(shared, Clock.systemUTC());
        }
        return pending;
    }

    @Override
    public void close() {
        if (shared != null) {
            shared.close();
        }
    }
}
