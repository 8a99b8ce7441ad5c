/** Real-database fixtures for tests of every module. */
package dev.gabysql.core.testing;
