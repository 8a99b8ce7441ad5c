package dev.gabysql.mcp;

/**
 * Work a front end wants done at two moments of a stdio session, off the protocol's path: each method runs on a
 * server thread and must return at once (start a daemon thread). Both do nothing by default.
 */
public interface StdioHooks {
    /** The server is built and answering the client's initialize (e.g. connect to the databases now). */
    default void serverReady() {
    }

    /** The client sent {@code notifications/initialized}; {@code client} tells when it is busy. */
    default void initialized(ClientActivity client) {
    }
}
