package dev.gabysql.server.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Rendered;

/**
 * A description both as compact text and as JSON (the shape of the core's {@code Rendered}), returned by the
 * describe endpoints when asked with {@code ?render=both} — the gateway's way of passing both forms through.
 */
public record RenderedAnswer(String text, JsonNode json) {

    public static RenderedAnswer of(Rendered r) {
        return new RenderedAnswer(r.text(), r.json());
    }

    public Rendered toRendered() {
        return new Rendered(text, json);
    }
}
