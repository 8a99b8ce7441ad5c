package dev.gabysql.cli.run;

import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.PreparedTool;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code \tool NAME param=value …}: a curated tool called from the shell or {@code -c} (docs/configuration.md#curated-tools).
 * Each value is read as its parameter's type ({@code id=42}, {@code flag=true}; a string as typed, in single or
 * double quotes when it holds blanks) and checked before anything runs; {@code \tool} alone lists the tools.
 * Stateless.
 */
public final class ToolCommand {
    /** The command's name, as typed. */
    public static final String NAME = "\\tool";

    private ToolCommand() {}

    /** A tool and its checked values, in placeholder order. */
    public record Call(PreparedTool tool, List<Object> values) {}

    /** Whether a line is this command. */
    public static boolean is(String line) {
        String s = line.strip();
        return s.equals(NAME) || s.startsWith(NAME + " ") || s.startsWith(NAME + "\t");
    }

    /**
     * The call a line asks for, or null when it names no tool ({@code \tool} alone: list them).
     *
     * @throws GabyException NOT_FOUND for an unknown tool, BAD_REQUEST for a malformed or wrong argument
     */
    public static Call parse(String line, CuratedTools tools) {
        List<String> words = words(line.strip().substring(NAME.length()));
        if (words.isEmpty()) {
            return null;
        }
        PreparedTool tool = tools.get(words.get(0));
        if (tool == null) {
            throw new GabyException(
                    ErrorCode.NOT_FOUND,
                    "No curated tool is named `" + words.get(0) + "`.",
                    tools.isEmpty() ? "This gabysql has no [[tools]] in its --config." : "\\tool lists them.");
        }
        Map<String, String> args = new LinkedHashMap<>();
        for (String w : words.subList(1, words.size())) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "`" + w + "` is not a param=value argument of tool `" + tool.name() + "`.",
                        "Call it as \\tool " + tool.name() + " " + usage(tool) + ".");
            }
            args.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return new Call(tool, tool.bindText(args));
    }

    /** One line per tool: its name, what it does, its database and access, and its parameters. */
    public static String list(CuratedTools tools) {
        if (tools.isEmpty()) {
            return "No curated tools ([[tools]] in the --config file).";
        }
        StringBuilder sb = new StringBuilder();
        for (PreparedTool t : tools.all()) {
            sb.append(t.name())
                    .append(" (")
                    .append(t.writes() ? "write" : "read")
                    .append(" on ")
                    .append(t.tool().db())
                    .append(")  ")
                    .append(usage(t))
                    .append("\n    ")
                    .append(t.tool().description())
                    .append('\n');
        }
        return sb.toString();
    }

    private static String usage(PreparedTool t) {
        List<String> parts = new ArrayList<>();
        for (CuratedParam p : t.tool().params()) {
            String one = p.name() + "=" + p.type().schemaName().toUpperCase(java.util.Locale.ROOT);
            parts.add(p.required() ? one : "[" + one + "]");
        }
        return String.join(" ", parts);
    }

    /** Blank-separated words; a quoted run ('…' or "…") belongs to its word, without the quotes. */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                w = w == null ? new StringBuilder() : w;
            } else if (Character.isWhitespace(c)) {
                if (w != null) {
                    out.add(w.toString());
                    w = null;
                }
            } else {
                w = w == null ? new StringBuilder() : w;
                w.append(c);
            }
        }
        if (quote != 0) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "A quote is not closed in the \\tool line.", "Close it: name=\"a b\".");
        }
        if (w != null) {
            out.add(w.toString());
        }
        return out;
    }
}
