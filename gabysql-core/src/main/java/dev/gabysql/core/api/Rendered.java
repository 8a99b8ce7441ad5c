package dev.gabysql.core.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A result already shaped for a model or a person: compact text, and the same content as JSON.
 * Front ends show one or both; they do not re-render.
 */
public record Rendered(String text, JsonNode json) {}
