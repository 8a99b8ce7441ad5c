package dev.gabysql.server.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.gabysql.core.json.Json;

/**
 * The mapper of the HTTP API: the core's settings (nulls left out) with snake_case names. Decimal numbers are
 * read as BigDecimal so that a PostgreSQL {@code numeric} crosses the gateway without losing digits. Answers are
 * read leniently (a newer server may add fields); request bodies strictly ({@link #STRICT}: a misspelt field is
 * an error, not silently ignored). Thread-safe.
 */
public final class WireJson {
    public static final ObjectMapper MAPPER = Json.MAPPER
            .copy()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** For request bodies: unknown fields and trailing content are errors. */
    public static final ObjectReader STRICT = MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private WireJson() {}

    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unable to render JSON: " + e.getOriginalMessage(), e);
        }
    }
}
