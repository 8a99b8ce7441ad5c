package dev.gabysql.core.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The process's one JSON mapper: compact output, nulls left out (they cost tokens and say nothing), characters
 * beyond the Basic Multilingual Plane (emoji) written as UTF-8 rather than as two {@code \}{@code u} escapes when
 * writing bytes — the same as when writing a String.
 */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    private Json() {}

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unable to render JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /**
     * A Jackson parse error's message without the location details Jackson appends (they name parser classes and
     * features, e.g. "(start marker at [Source: REDACTED (`StreamReadFeature…` disabled); line: 1, column: 56])").
     */
    public static String withoutLocation(String message) {
        String line = message;
        for (String detail : new String[] {" (start marker at", " at [Source:", " [Source:"}) {
            int at = line.indexOf(detail);
            if (at > 0) {
                line = line.substring(0, at);
            }
        }
        return line;
    }
}
