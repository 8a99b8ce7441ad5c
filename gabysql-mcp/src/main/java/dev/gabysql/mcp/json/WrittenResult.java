package dev.gabysql.mcp.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.json.JsonBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A tool's answer written to JSON once: the text a model reads, that text as a JSON string literal, and the
 * {@code structuredContent} object as UTF-8 bytes. It is what a successful call puts in
 * {@code CallToolResult.structuredContent}.
 *
 * <p>Why (docs/performance.md): a result used to be serialized three times per call — its text, its structured tree
 * inside the reply, and the text again escaped inside the reply — a large part of a 1-row query's interpreted work
 * early in a process. Now {@link HotPathJsonMapper} splices these bytes into the reply; any other Jackson mapper (the
 * SDK's, on HTTP or for a call it answers) writes the same bytes as a raw value ({@link JsonSerializable}).
 * Immutable.
 */
public final class WrittenResult implements JsonSerializable {
    private static final byte QUOTE = '"';
    private static final byte BACKSLASH = '\\';

    private final String text;
    private final byte[] textLiteral;
    private final byte[] structured;

    private WrittenResult(String text, byte[] textLiteral, byte[] structured) {
        this.text = text;
        this.textLiteral = textLiteral;
        this.structured = structured;
    }

    /** A result whose text is its structured object itself, written compactly. */
    static WrittenResult sameAsText(byte[] json) {
        return new WrittenResult(new String(json, StandardCharsets.UTF_8), literalOfJson(json), json);
    }

    /** A result whose text is {@code textJson} (compact JSON bytes) and whose structured object is another one. */
    public static WrittenResult of(byte[] textJson, byte[] structured) {
        return new WrittenResult(new String(textJson, StandardCharsets.UTF_8), literalOfJson(textJson), structured);
    }

    /** A result with its own text and a structured tree. */
    public static WrittenResult of(String text, ObjectNode structured) {
        return new WrittenResult(text, literal(text), bytes(structured));
    }

    /** A result whose text is the structured tree written compactly. */
    public static WrittenResult of(ObjectNode structured) {
        return sameAsText(bytes(structured));
    }

    public String text() {
        return text;
    }

    /** The text as a JSON string, quotes included, as Jackson's generator would write it. Do not modify. */
    public byte[] textLiteral() {
        return textLiteral;
    }

    /** The structured object's JSON. Do not modify. */
    public byte[] structured() {
        return structured;
    }

    @Override
    public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
        if (g instanceof TokenBuffer) { // a conversion to a tree or a map: hand over tokens, not raw text
            g.writeTree(Json.MAPPER.readTree(structured));
        } else {
            g.writeRawValue(new String(structured, StandardCharsets.UTF_8));
        }
    }

    @Override
    public void serializeWithType(JsonGenerator g, SerializerProvider provider, TypeSerializer typeSer)
            throws IOException {
        serialize(g, provider);
    }

    @Override
    public String toString() {
        return new String(structured, StandardCharsets.UTF_8);
    }

    /** The tree's JSON as {@code Json.MAPPER} writes it; {@link JsonBytes#node} unless a node needs the mapper. */
    private static byte[] bytes(ObjectNode tree) {
        JsonBytes out = new JsonBytes(256);
        if (out.node(tree)) {
            return out.toBytes();
        }
        try {
            return Json.MAPPER.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Any text as a JSON string literal. */
    static byte[] literal(String text) {
        return new JsonBytes(text.length() + 16).string(text).toBytes();
    }

    /**
     * Compact JSON (as Jackson writes it: no raw control characters, every one inside a string is escaped) as a
     * JSON string literal: only quotes and backslashes need a backslash. Anything else goes the general way.
     */
    static byte[] literalOfJson(byte[] json) {
        int extra = 0;
        for (byte b : json) {
            if (b == QUOTE || b == BACKSLASH) {
                extra++;
            } else if (b >= 0 && b < 0x20) {
                return literal(new String(json, StandardCharsets.UTF_8));
            }
        }
        byte[] out = new byte[json.length + extra + 2];
        int o = 0;
        out[o++] = QUOTE;
        for (byte b : json) {
            if (b == QUOTE || b == BACKSLASH) {
                out[o++] = BACKSLASH;
            }
            out[o++] = b;
        }
        out[o] = QUOTE;
        return out;
    }
}
