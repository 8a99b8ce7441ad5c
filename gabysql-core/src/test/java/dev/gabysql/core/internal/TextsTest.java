package dev.gabysql.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Text is cut between characters, never inside one. */
class TextsTest {
    private static final String EMOJI = "\uD83D\uDE00";

    @Test
    void cutsAtTheLimitOrJustBeforeAHalfCharacter() {
        assertThat(Texts.cut("abcdef", 3, "…")).isEqualTo("abc…");
        assertThat(Texts.cut("abc", 3, "…")).isEqualTo("abc");
        assertThat(Texts.cut("ab" + EMOJI + "c", 3, "…")).isEqualTo("ab…");
        assertThat(Texts.cut("ab" + EMOJI + "c", 4, "…")).isEqualTo("ab" + EMOJI + "…");
        assertThat(Texts.cutPoint(EMOJI, 1)).isZero();
        assertThat(Texts.cutPoint("abc", 10)).isEqualTo(3);
    }
}
