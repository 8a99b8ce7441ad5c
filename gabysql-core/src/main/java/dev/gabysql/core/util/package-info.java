/** Small shared helpers of the core (JSON). */
package dev.gabysql.core.util;
