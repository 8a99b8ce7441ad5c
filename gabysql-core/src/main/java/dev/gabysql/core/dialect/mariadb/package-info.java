/**
 * MariaDB and MySQL through MariaDB Connector/J: hardened pooled sessions (read-only transactions ending
 * in ROLLBACK, server-side statement time limits, connection reset on return, KILL QUERY on cancel), the
 * {@code information_schema} reader and {@code CHECK TABLE}. What differs between MariaDB and MySQL lives in
 * {@link dev.gabysql.core.dialect.mariadb.MariaDbServer} only.
 */
package dev.gabysql.core.dialect.mariadb;
