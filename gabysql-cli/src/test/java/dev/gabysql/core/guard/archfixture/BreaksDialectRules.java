package dev.gabysql.core.guard.archfixture;

import org.postgresql.PGConnection;

/** Vendor knowledge outside the dialect package, on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksDialectRules {
    PGConnection connection;
}
