/** The append-only JSON-lines audit log of every call. */
package dev.gabysql.core.audit;
