/**
 * Helpers of the core that are not part of its API: text cutting and the idle-parking poller thread. Front ends
 * may use them only where the architecture test allows it (the MCP stdio relay's poller).
 */
package dev.gabysql.core.internal;
