/** Pieces the dialects share (HikariCP pools); not part of gabysql's API. */
package dev.gabysql.core.dialect.internal;
