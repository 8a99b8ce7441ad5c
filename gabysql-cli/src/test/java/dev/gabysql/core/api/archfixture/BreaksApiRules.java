package dev.gabysql.core.api.archfixture;

import dev.gabysql.core.service.LocalGabyService;

/** An API type that reaches up into the service, on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class BreaksApiRules {
    LocalGabyService service;
}
