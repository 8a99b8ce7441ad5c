package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.json.JsonTrees;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code gabysql_describe_database}: a schema at a detail level, as compact text and its JSON twin, paged when
 * the text would pass the character budget (the first page carries the header: counts, legend, enums; every
 * page says how to continue and how to narrow). Also the unpaged full bundle of {@code gabysql://schema/{db}}.
 * Stateless.
 */
public final class SchemaPresenter {

    private SchemaPresenter() {}

    /**
     * @param budget the most characters of text one page may hold (at least one object is always shown)
     */
    public static Rendered describe(
            SchemaModel model, DetailLevel level, SchemaFilter filter, String cursor, int budget) {
        if (!filter.isAll()) {
            return render(model, level, filter, cursor, budget); // a filtered read is a fresh model each time
        }
        return RenderCache.get(
                model, level + "|" + cursor + "|" + budget, () -> render(model, level, filter, cursor, budget));
    }

    private static Rendered render(
            SchemaModel model, DetailLevel level, SchemaFilter filter, String cursor, int budget) {
        String fingerprint = PageCursor.fingerprint(level, filter);
        int offset = PageCursor.decode(cursor, fingerprint);
        NameStyle ns = NameStyle.of(model);
        List<Block> blocks = SchemaBlocks.of(model, level, ns);
        if (offset > blocks.size()) {
            offset = blocks.size();
        }
        StringBuilder text = new StringBuilder();
        ObjectNode json = CompactJson.object();
        if (offset == 0) {
            SchemaHeader.write(model, level, ns, text, json);
        } else {
            json.put("database", model.database());
            json.put("detail", level.label());
        }
        int end = fill(blocks, offset, budget - text.length(), text, json);
        if (end < blocks.size()) {
            footer(blocks, offset, end, level, filter, PageCursor.encode(end, fingerprint), text, json);
        }
        return new Rendered(text.toString(), json);
    }

    /** The whole schema at full detail, unpaged, as JSON (text and tree) for the schema resource. */
    public static Rendered bundle(SchemaModel model) {
        JsonNode json = describe(model, DetailLevel.FULL, SchemaFilter.ALL, null, Integer.MAX_VALUE)
                .json();
        return new Rendered(json.toString(), json);
    }

    private static int fill(List<Block> blocks, int offset, int room, StringBuilder text, ObjectNode json) {
        int used = 0;
        int i = offset;
        while (i < blocks.size()) {
            Block b = blocks.get(i);
            if (i > offset && used + b.text().length() + 1 > room) {
                break;
            }
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(b.text());
            used += b.text().length() + 1;
            ArrayNode section = json.has(b.section()) ? (ArrayNode) json.get(b.section()) : json.putArray(b.section());
            section.add(b.json());
            i++;
        }
        return i;
    }

    private static void footer(
            List<Block> blocks,
            int from,
            int to,
            DetailLevel level,
            SchemaFilter filter,
            String next,
            StringBuilder text,
            ObjectNode json) {
        String shown = "Shown: objects " + (from + 1) + "-" + to + " of " + blocks.size() + ".";
        String hint = "Continue with cursor \"" + next + "\", or narrow: " + narrowing(level, filter) + ".";
        text.append("\n\n(").append(shown).append(' ').append(hint).append(')');
        json.put("truncated", true);
        json.put("next_cursor", next); // the name the MCP tool's output schema declares
        json.put("note", shown + " " + hint);
    }

    private static String narrowing(DetailLevel level, SchemaFilter filter) {
        List<String> ways = new ArrayList<>();
        if (level != DetailLevel.NAMES) {
            ways.add("detail=" + (level == DetailLevel.FULL ? "summary or names" : "names"));
        }
        if (filter.schema() == null) {
            ways.add("schema=<one schema>");
        }
        ways.add("tables=[the tables you need]");
        ways.add("pattern=<part of a name, e.g. order*>");
        ways.add("or describe one table (DESCRIBE <table>)");
        return String.join(", ", ways);
    }

    /** One unit of paging: a table, view, routine, sequence or extension, in text and JSON. */
    record Block(String section, String text, JsonNode json) {}

    /** The blocks of a schema in page order: tables and views, then routines, sequences, extensions. */
    static final class SchemaBlocks {
        private SchemaBlocks() {}

        static List<Block> of(SchemaModel model, DetailLevel level, NameStyle ns) {
            List<Block> out = new ArrayList<>();
            for (Table t : model.tables()) {
                out.add(
                        level == DetailLevel.NAMES
                                ? nameBlock(t, ns)
                                : new Block(
                                        "tables",
                                        CompactText.table(t, level, ns),
                                        CompactJson.table(t, level, ns, false)));
            }
            if (level == DetailLevel.NAMES) {
                return out;
            }
            model.routines()
                    .forEach(r -> out.add(new Block(
                            "routines", CompactText.routine(r, level, ns), CompactJson.routine(r, level, ns))));
            if (level == DetailLevel.FULL) {
                model.sequences()
                        .forEach(s -> out.add(
                                new Block("sequences", CompactText.sequence(s, ns), CompactJson.sequence(s, ns))));
                model.extensions()
                        .forEach(e ->
                                out.add(new Block("extensions", CompactText.extension(e), CompactJson.extension(e))));
            }
            return out;
        }

        private static Block nameBlock(Table t, NameStyle ns) {
            ArrayNode a = JsonTrees.array().add(CompactJson.qualifiedName(ns, t));
            if (t.rowEstimate() != null) {
                a.add(t.rowEstimate());
            } else if (!"table".equals(t.kind())) {
                a.addNull();
            }
            if (!"table".equals(t.kind())) {
                a.add(t.kind());
            }
            return new Block("tables", CompactText.names(t, ns), a);
        }
    }
}
