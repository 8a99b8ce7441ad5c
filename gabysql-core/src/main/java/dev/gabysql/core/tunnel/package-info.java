/**
 * SSH tunnels to databases behind a bastion (docs/configuration.md#ssh-tunnels): an SSH session per tunnelled
 * database, opened on its first connection, with a loopback port forwarded to the database as the SSH host sees
 * it; Apache MINA SSHD speaks the protocol, reads the OpenSSH client configuration and checks known_hosts. The
 * dialects' pools connect to the port this package hands them; vendor knowledge stays in the dialects.
 */
package dev.gabysql.core.tunnel;
