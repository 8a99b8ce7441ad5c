/** Stable error codes and the one exception type that carries them to every front end. */
package dev.gabysql.core.error;
