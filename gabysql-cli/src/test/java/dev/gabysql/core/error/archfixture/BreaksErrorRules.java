package dev.gabysql.core.error.archfixture;

import dev.gabysql.core.catalog.Catalog;

/** An error type that reaches up into the catalog, on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksErrorRules {
    Catalog catalog;
}
