/** One {@link dev.gabysql.core.dialect.Dialect} per database engine, each in its own sub-package. */
package dev.gabysql.core.dialect;
