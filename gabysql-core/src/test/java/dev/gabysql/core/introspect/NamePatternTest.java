package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NamePatternTest {

    @Test
    void aPlainPatternMatchesNamesContainingIt() {
        NamePattern p = NamePattern.of("order");
        assertThat(p.like()).isEqualTo("%order%");
        assertThat(p.matches("ORDER_ITEMS")).isTrue();
        assertThat(p.matches("customers")).isFalse();
    }

    @Test
    void wildcardsAnchorThePattern() {
        NamePattern p = NamePattern.of("order*");
        assertThat(p.like()).isEqualTo("order%");
        assertThat(p.matches("orders")).isTrue();
        assertThat(p.matches("my_orders")).isFalse();
        assertThat(NamePattern.of("t_?").matches("t_1")).isTrue();
    }

    @Test
    void underscoreAndBackslashAreLiteral() {
        NamePattern p = NamePattern.of("a_b");
        assertThat(p.like()).isEqualTo("%a\\_b%");
        assertThat(p.matches("xa_by")).isTrue();
        assertThat(p.matches("axb")).isFalse();
        assertThat(NamePattern.of("a\\b").like()).isEqualTo("%a\\\\b%");
    }

    @Test
    void sqlInAPatternIsJustCharacters() {
        NamePattern p = NamePattern.of("' OR 1=1 --");
        assertThat(p.matches("x' OR 1=1 --y")).isTrue();
        assertThat(p.matches("anything")).isFalse();
        assertThat(NamePattern.of("(.*)").matches("abc")).isFalse();
    }

    @Test
    void anEmptyOrHugePatternIsRefused() {
        assertThatThrownBy(() -> NamePattern.of(" ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> NamePattern.of("x".repeat(201))).hasMessageContaining("longer");
    }
}
