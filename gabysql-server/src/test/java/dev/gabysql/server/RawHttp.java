package dev.gabysql.server;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** Hand-written HTTP/1.1 exchanges, for what java.net.http will not send (a foreign Host, huge headers). */
final class RawHttp {
    private RawHttp() {}

    static String exchange(URI base, String request) throws Exception {
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(s.getInputStream().readNBytes(8192), StandardCharsets.ISO_8859_1);
        }
    }
}
