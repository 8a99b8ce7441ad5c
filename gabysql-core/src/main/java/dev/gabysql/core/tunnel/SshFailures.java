package dev.gabysql.core.tunnel;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * A tunnel's failures as gabysql errors: which SSH host, what went wrong, what to do. Never a key, a passphrase or
 * a stack trace. Stateless.
 */
final class SshFailures {
    private SshFailures() {}

    static GabyException unreachable(String db, String ssh, Throwable cause) {
        return new GabyException(
                ErrorCode.SSH_UNREACHABLE,
                "The SSH tunnel of database `" + db + "` could not reach " + ssh + ": " + message(cause),
                "Check the SSH host, port and jump hosts of the database's ssh settings (and ~/.ssh/config for an"
                        + " alias), and that `ssh` reaches it from this machine; gabysql tries again on the next"
                        + " call.");
    }

    static GabyException authFailed(String db, String ssh, String keys, Throwable cause) {
        return new GabyException(
                ErrorCode.SSH_AUTH_FAILED,
                "The SSH host " + ssh + " of database `" + db + "` refused the login with " + keys + ": "
                        + message(cause),
                "Check the ssh user and key_file (or the keys in the ssh-agent) of the database: the public key"
                        + " must be in the user's ~/.ssh/authorized_keys on the SSH host; an encrypted key needs the"
                        + " ssh-agent.");
    }

    static GabyException hostKey(String db, HostKeyCheck check) {
        if (check.changed()) {
            return new GabyException(
                    ErrorCode.SSH_HOST_KEY_MISMATCH,
                    "The SSH tunnel of database `" + db + "` was refused: " + check.refusal() + ".",
                    "The host may be impersonated, or its key was replaced. Ask its administrator for the new key's"
                            + " fingerprint; only once it matches, remove the old entry (ssh-keygen -R HOST -f"
                            + " KNOWN_HOSTS) and add the new one (ssh-keyscan -p PORT HOST >> KNOWN_HOSTS, or one"
                            + " `ssh` login).");
        }
        return new GabyException(
                ErrorCode.SSH_HOST_KEY_UNKNOWN,
                "The SSH tunnel of database `" + db + "` was refused: " + check.refusal() + ".",
                "Add the host's key to known_hosts once its fingerprint is confirmed (one `ssh` login, or"
                        + " ssh-keyscan -p PORT HOST >> KNOWN_HOSTS), or set strict_host_key_checking = \"accept-new\""
                        + " to add a new host's key on first use.");
    }

    /** {@code host:port} of a socket address, as SSHD or the JDK gives it. */
    static String address(SocketAddress remote) {
        if (remote instanceof SshdSocketAddress s) {
            return s.getHostName() + ":" + s.getPort();
        }
        if (remote instanceof InetSocketAddress i) {
            return i.getHostString() + ":" + i.getPort();
        }
        return String.valueOf(remote);
    }

    /** The deepest cause's message (SSHD wraps "Connection refused" in its future's words), else the first one. */
    private static String message(Throwable e) {
        String m = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null) {
                m = t.getMessage();
            }
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
