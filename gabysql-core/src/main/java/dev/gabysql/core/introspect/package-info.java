/** The introspection model (immutable records), the reader interface each dialect implements, and renderers. */
package dev.gabysql.core.introspect;
