package dev.gabysql.core.tunnel;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * The user's ssh-agent as SSHD's agent, over the agent's Unix socket with the JDK's own Unix-domain channels (Java
 * 16+), so that no native library is needed (SSHD's own Unix agent client needs Tomcat's APR). SSHD's
 * {@link AbstractAgentProxy} writes and reads the agent protocol's messages; this class only carries each message
 * to the socket and its answer back. The agent is asked for keys and signatures, never given one. Thread-safe.
 */
final class SshAgentSocket implements SshAgentFactory {
    private final Path socket;

    private SshAgentSocket(Path socket) {
        this.socket = socket;
    }

    /** The agent at {@code configured}, else at {@code SSH_AUTH_SOCK}, when that socket exists. */
    static Optional<SshAgentFactory> forSocket(String configured) {
        String path = configured != null ? configured : System.getenv("SSH_AUTH_SOCK");
        if (path == null || path.isBlank() || !Files.exists(SshTunnel.expand(path))) {
            return Optional.empty();
        }
        return Optional.of(new SshAgentSocket(SshTunnel.expand(path)));
    }

    @Override
    public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of(); // no agent forwarding to the SSH host
    }

    @Override
    public SshAgent createClient(Session session, FactoryManager manager) throws IOException {
        return new Client(SocketChannel.open(StandardProtocolFamily.UNIX), socket);
    }

    @Override
    public SshAgentServer createServer(ConnectionService service) {
        throw new UnsupportedOperationException("gabysql does not forward the agent");
    }

    /** One connection to the agent: a request, then its answer, one at a time. */
    private static final class Client extends AbstractAgentProxy {
        private final SocketChannel channel;

        Client(SocketChannel channel, Path socket) throws IOException {
            super(null);
            this.channel = channel;
            channel.connect(UnixDomainSocketAddress.of(socket));
        }

        @Override
        protected synchronized Buffer request(Buffer buffer) throws IOException {
            int end = buffer.wpos();
            buffer.wpos(0);
            buffer.putUInt(end - 4L);
            buffer.wpos(end);
            write(ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available()));
            ByteBuffer length = read(4);
            ByteBuffer answer = read(length.getInt());
            return new ByteArrayBuffer(answer.array());
        }

        private void write(ByteBuffer b) throws IOException {
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }

        private ByteBuffer read(int n) throws IOException {
            if (n < 0 || n > 256 * 1024) {
                throw new IOException("the ssh-agent answered a message of " + n + " bytes");
            }
            ByteBuffer b = ByteBuffer.allocate(n);
            while (b.hasRemaining()) {
                if (channel.read(b) < 0) {
                    throw new IOException("the ssh-agent closed the connection");
                }
            }
            b.flip();
            return b;
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                channel.close();
            }
        }
    }
}
