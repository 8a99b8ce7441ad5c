package dev.gabysql.mcp.stdio;

/**
 * Work a front end wants done at two moments of a stdio session, off the protocol's path: each method runs on a
 * server thread and must return at once (start a daemon thread). Both do nothing by default.
 */
public interface StdioHooks {
    /**
     * The session has started: its first initialize is being answered while the SDK's server is built (e.g.
     * connect to the databases now, in parallel with that build).
     */
    default void started() {}

    /** The client sent {@code notifications/initialized}; {@code client} tells when it is busy. */
    default void initialized(ClientActivity client) {}
}
