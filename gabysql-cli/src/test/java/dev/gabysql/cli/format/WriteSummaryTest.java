package dev.gabysql.cli.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteSummaryTest {

    @Test
    void notesLeaveOutTheMcpTokenSentencesButKeepTheRest() {
        ExecuteResult r = new ExecuteResult(
                "previewed",
                2,
                null,
                "tok",
                "2030-01-01T00:00:00Z",
                List.of(
                        "Preview only: the statement ran in a transaction that was rolled back; nothing changed. To apply it,"
                                + " call again with the same sql and this confirm_token before 2030. It commits only if it"
                                + " affects 2 rows again.",
                        "Sequence values restored."));
        assertThat(WriteSummary.notes(r))
                .containsExactly(
                        "Preview only: the statement ran in a transaction that was"
                                + " rolled back; nothing changed. It commits only if it affects 2 rows again.",
                        "Sequence values restored.");
    }

    @Test
    void theTokenIsNeverPrintedInAnyFormat() {
        ExecuteResult r = new ExecuteResult("previewed", 1, null, "SECRET-TOKEN", null, List.of());
        for (Format f : Format.values()) {
            assertThat(WriteSummary.render(f, r)).doesNotContain("SECRET-TOKEN");
        }
        assertThat(WriteSummary.render(Format.TABLE, r)).startsWith("Preview: 1 row would be affected");
        assertThat(WriteSummary.render(Format.JSON, r)).contains("\"status\":\"previewed\"", "\"affected_rows\":1");
    }
}
