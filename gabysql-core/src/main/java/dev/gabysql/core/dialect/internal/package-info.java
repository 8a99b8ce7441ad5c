/**
 * Pieces the dialects share, not part of gabysql's API: HikariCP pools and connection waits, the reach of a write,
 * and what the DBA reports of every engine are made of (docs/dba.md) — running checks one by one
 * ({@link dev.gabysql.core.dialect.internal.CheckRun}), reading catalog rows, the blocking tree of sessions, the
 * columns an index is tried on, numbers in words.
 */
package dev.gabysql.core.dialect.internal;
