package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import org.junit.jupiter.api.Test;

/** What a session's label says (docs/design.md#session-labels), and that an untrusted caller name cannot break it. */
class SessionLabelTest {
    @Test
    void theLabelNamesTheProgramTheTokenAndTheClient() {
        CallContext ctx = CallContext.of("http").withToken("tokens[1]").withClient("ci@10.0.0.5");
        assertThat(SessionLabel.of("serve", ctx))
                .isEqualTo(new SessionLabel("gabysql serve", "gabysql serve token=tokens[1] client=ci@10.0.0.5"));
    }

    @Test
    void withoutACommandTheFrontEndNamesTheProgram() {
        assertThat(SessionLabel.of(null, CallContext.of("http")).text()).isEqualTo("gabysql serve");
        assertThat(SessionLabel.of(null, CallContext.of("mcp").withClient("cursor"))
                        .text())
                .isEqualTo("gabysql mcp client=cursor");
        assertThat(SessionLabel.of("mcp", null).text()).isEqualTo("gabysql mcp");
        assertThat(SessionLabel.of(null).text()).isEqualTo("gabysql");
    }

    @Test
    void controlCharactersGoQuotesAndNonAsciiBecomeQuestionMarksAndTheLabelIsCut() {
        String text = SessionLabel.of(
                        "mcp", CallContext.of("mcp").withClient("a\u0000b\r\nc\u200bd'e\\f☃g😀h" + "z".repeat(100)))
                .text();
        assertThat(text).startsWith("gabysql mcp client=abcd?e?f?g?h").hasSize(SessionLabel.MAX_LENGTH);
        assertThat(text.chars()).allMatch(c -> c >= 0x20 && c < 0x7f && c != '\'' && c != '\\');
    }
}
