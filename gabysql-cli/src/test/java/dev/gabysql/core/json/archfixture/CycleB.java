package dev.gabysql.core.json.archfixture;

import dev.gabysql.core.audit.archfixture.CycleA;

/** The other half of a package cycle (json → audit), on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class CycleB {
    CycleA other;
}
