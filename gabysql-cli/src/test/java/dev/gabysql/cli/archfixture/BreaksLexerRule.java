package dev.gabysql.cli.archfixture;

import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.guard.SqlScripts;

/** A front end that picks a lexer itself, on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksLexerRule {
    Dialects dialects;
    SqlScripts scripts;
}
