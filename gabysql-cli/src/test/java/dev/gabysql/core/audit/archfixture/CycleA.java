package dev.gabysql.core.audit.archfixture;

import dev.gabysql.core.json.archfixture.CycleB;

/** One half of a package cycle (audit → json → audit), on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class CycleA {
    CycleB other;
}
