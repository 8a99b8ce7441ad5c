package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Values cut to the cap say how much was left out, and stay text a client can decode. */
class ValuesTest {
    @Test
    void aCutSaysHowManyCharactersWereLeftOut() {
        assertThat(Values.cut("abcdef", 4, 6)).isEqualTo("abcd…[+2 chars]");
        assertThat(Values.cut("abcdef", 4, 600)).isEqualTo("abcd…[+596 chars]");
        assertThat(Values.cut("abc", 4, 3)).isEqualTo("abc");
    }

    @Test
    void aCutNeverSplitsACharacterOutsideTheBasicPlane() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        String cut = Values.cut("xxx" + emoji + emoji, 4, 7);
        assertThat(cut).isEqualTo("xxx…[+4 chars]");
        assertThat(Values.cut("xx" + emoji + emoji, 4, 6)).isEqualTo("xx" + emoji + "…[+2 chars]");
        for (int i = 0; i < cut.length(); i++) {
            assertThat(Character.isSurrogate(cut.charAt(i)))
                    .as("unit %d of %s", i, cut)
                    .isFalse();
        }
    }
}
