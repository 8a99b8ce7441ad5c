package dev.gabysql.core.state;

import java.time.Clock;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The redeemed tokens of this process, in memory: the default without {@code --state}. Tokens redeemed before a
 * restart are forgotten with it; they expire within minutes ({@code confirm_ttl_seconds}) anyway. Ids are dropped once
 * their token has expired. Thread-safe.
 */
public final class MemoryTokenLedger implements TokenLedger {
    private final Clock clock;
    private final Map<String, Instant> used = new ConcurrentHashMap<>();

    public MemoryTokenLedger(Clock clock) {
        this.clock = clock;
    }

    @Override
    public boolean redeem(String id, Instant expires) {
        prune();
        return used.putIfAbsent(id, expires) == null;
    }

    private void prune() {
        Instant now = clock.instant();
        for (Iterator<Instant> it = used.values().iterator(); it.hasNext(); ) {
            if (now.isAfter(it.next())) {
                it.remove();
            }
        }
    }
}
