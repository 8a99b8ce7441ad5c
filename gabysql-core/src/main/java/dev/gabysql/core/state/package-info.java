/**
 * What must happen once, and where that is remembered (docs/design.md#shared-state): the confirm tokens already
 * redeemed ({@link dev.gabysql.core.state.TokenLedger}) and the writes that wait for a person
 * ({@link dev.gabysql.core.state.PendingStore}). Each has a local form — tokens in this process's memory, pending writes
 * in the account's approvals directory ({@code dev.gabysql.core.approval.ApprovalStore}) — and a shared one in a
 * PostgreSQL database named by {@code --state} ({@link dev.gabysql.core.state.StateDatabase}), so that replicas of
 * {@code gabysql serve} behind a load balancer redeem a token once and decide a write once between them.
 *
 * <p>The shared form is PostgreSQL by design, not a dialect of a user's database: its SQL lives in
 * {@link dev.gabysql.core.state.StateDatabase} and the two stores beside it, and it names no driver class (the JDBC URL
 * finds pgJDBC). This package sits low in the core: it imports the API, the error codes, the catalog's URL masking
 * and the JSON mapper, and is imported by the executor (confirm tokens), the approval store and the service.
 */
package dev.gabysql.core.state;
