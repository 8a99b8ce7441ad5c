package dev.gabysql.cli.format;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Locale;

/** Output formats of the CLI. */
public enum Format {
    TABLE(new TableRenderer()),
    CSV(new CsvRenderer()),
    JSON(new JsonRenderer()),
    MARKDOWN(new MarkdownRenderer());

    private final Renderer renderer;

    Format(Renderer renderer) {
        this.renderer = renderer;
    }

    public String render(QueryResult result) {
        return renderer.render(result);
    }

    public static Format parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT).replace("MD", "MARKDOWN"));
        } catch (IllegalArgumentException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unknown format `" + name + "`.",
                    "Use --format table, csv, json or markdown.");
        }
    }

    /** Turns a result into text. */
    interface Renderer {
        String render(QueryResult result);
    }
}
