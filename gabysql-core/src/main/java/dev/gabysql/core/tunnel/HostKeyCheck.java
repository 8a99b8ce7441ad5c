package dev.gabysql.core.tunnel;

import dev.gabysql.core.catalog.DatabaseConfig.HostKeyChecking;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * The known_hosts check of every SSH host of a tunnel (jump hosts included), as OpenSSH's
 * {@code StrictHostKeyChecking} does it, remembering the last refusal so that the tunnel can say which host offered
 * which key ({@link SshFailures}). A changed key is always refused (only {@code no} checks nothing). Thread-safe.
 */
final class HostKeyCheck extends KnownHostsServerKeyVerifier {
    /** Why the last host was refused, or null. */
    private volatile String refusal;

    private volatile boolean changed;

    HostKeyCheck(Path knownHosts, HostKeyChecking mode) {
        super(
                mode == HostKeyChecking.YES ? RejectAllServerKeyVerifier.INSTANCE : AcceptAllServerKeyVerifier.INSTANCE,
                knownHosts);
    }

    /** A key other than the one known_hosts holds for the host: refused, and remembered with its fingerprint. */
    @Override
    public boolean acceptModifiedServerKey(
            ClientSession session, SocketAddress remote, KnownHostEntry entry, PublicKey expected, PublicKey actual) {
        changed = true;
        refusal = "the host key of " + SshFailures.address(remote) + " is not the one " + getPath()
                + " holds for it: it offered " + KeyUtils.getKeyType(actual) + " " + KeyUtils.getFingerPrint(actual)
                + ", known_hosts has " + KeyUtils.getKeyType(expected) + " " + KeyUtils.getFingerPrint(expected);
        return false;
    }

    /** A host known_hosts does not list: refused under {@code yes}, added under {@code accept-new}. */
    @Override
    protected boolean acceptUnknownHostKey(ClientSession session, SocketAddress remote, PublicKey key) {
        boolean accepted = super.acceptUnknownHostKey(session, remote, key);
        if (!accepted) {
            changed = false;
            refusal = SshFailures.address(remote) + " is not in " + getPath() + ": it offered "
                    + KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key);
        }
        return accepted;
    }

    /** Forgets the last refusal (before a new attempt). */
    void reset() {
        refusal = null;
        changed = false;
    }

    String refusal() {
        return refusal;
    }

    /** Whether the last refusal was of a changed key (rather than an unknown host). */
    boolean changed() {
        return changed;
    }
}
