/** The catalog of named databases: where each is, what it may be used for, and how names are validated. */
package dev.gabysql.core.catalog;
