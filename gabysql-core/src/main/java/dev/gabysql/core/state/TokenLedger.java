package dev.gabysql.core.state;

import java.time.Instant;

/**
 * Remembers which confirm tokens were redeemed, so that a token confirms one write once
 * (docs/design.md#writes-preview-and-confirm). A token is recorded when it is redeemed, after its signature, expiry and
 * binding were checked and <em>before</em> its write runs: a write that then fails ({@code DATA_CHANGED}, an SQL error,
 * the database gone) has used its token all the same, and the caller previews again. Every process that shares a
 * ledger shares that rule: {@link MemoryTokenLedger} is one process's, {@link SharedTokenLedger} the replicas' of one
 * state database. Implementations are thread-safe.
 */
public interface TokenLedger {
    /**
     * Records that token {@code id} is redeemed now.
     *
     * @param expires when the token stops being accepted anyway: the ledger may forget it some time after that
     * @return true for the first redemption of {@code id}; false for every later one, in any process sharing the
     *     ledger
     * @throws dev.gabysql.core.error.GabyException {@code STATE_UNAVAILABLE} when a shared ledger cannot be reached;
     *     the caller must then run nothing (whether the id was recorded is unknown, so the token may be used up)
     */
    boolean redeem(String id, Instant expires);
}
