package dev.gabysql.server.api;

/** One API endpoint: turns a call into the object sent back as JSON with status 200, or throws GabyException. */
@FunctionalInterface
interface Endpoint {
    Object answer(ApiCall call);
}
