/**
 * The local implementation of {@link dev.gabysql.core.api.GabyService}: routes each call to its database's handle,
 * through the guard, to the executor and the dialect (docs/design.md#data-flow); caches schemas; runs the write
 * path (preview, confirm); audits every call.
 */
package dev.gabysql.core.service;
