/** Access modes and server-wide settings. */
package dev.gabysql.core.config;
