package dev.gabysql.core.api;

/** Whether a database answers right now, and how long taking a session and checking it took. */
public record DatabaseHealth(String db, boolean ok, long ms) {}
