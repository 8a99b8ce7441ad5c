package dev.gabysql.cli.shell;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion: backslash commands (and a table or database name after them), table names after FROM/JOIN/…,
 * {@code alias.column} for tables and their aliases in the statement, otherwise keywords, tables and the columns
 * of the tables the statement names.
 */
final class SqlCompleter implements Completer {
    private static final Pattern TABLE_AND_ALIAS = Pattern.compile(
            "(?i)\\b(?:FROM|JOIN|UPDATE|INTO)\\s+([A-Za-z_][\\w$.]*)(?:\\s+(?:AS\\s+)?([A-Za-z_][\\w$]*))?");

    private final CatalogNames names;
    private final Supplier<String> db;
    private final Supplier<List<String>> databases;

    SqlCompleter(CatalogNames names, Supplier<String> db, Supplier<List<String>> databases) {
        this.names = names;
        this.db = db;
        this.databases = databases;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> out) {
        String before =
                line.line().substring(0, Math.min(line.cursor(), line.line().length()));
        String lastLine = before.substring(before.lastIndexOf('\n') + 1).stripLeading();
        String word = line.word().substring(0, line.wordCursor());
        if (lastLine.startsWith("\\")) {
            completeCommand(lastLine, word, out);
        } else if (word.contains(".")) {
            completeQualified(line.line(), word, out);
        } else if (SqlKeywords.BEFORE_TABLE.contains(previousWord(line))) {
            tables().keySet().forEach(t -> out.add(candidate(t, "tables", true)));
        } else {
            SqlKeywords.ALL.forEach(k -> out.add(candidate(caseLike(word, k), "keywords", true)));
            tables().keySet().forEach(t -> out.add(candidate(t, "tables", true)));
            columnsInScope(line.line()).forEach(c -> out.add(candidate(c, "columns", true)));
        }
    }

    private void completeCommand(String lastLine, String word, List<Candidate> out) {
        boolean first = !lastLine.contains(" ");
        if (first) {
            BackslashCommands.NAMES.forEach(c -> out.add(candidate(c, "commands", true)));
        } else if (lastLine.startsWith("\\c ")) {
            databases.get().forEach(d -> out.add(candidate(d, "databases", true)));
        } else if (lastLine.startsWith("\\d ")) {
            tables().keySet().forEach(t -> out.add(candidate(t, "tables", true)));
        } else if (lastLine.startsWith("\\x ")) {
            List.of("on", "off", "auto").forEach(v -> out.add(candidate(v, "values", true)));
        } else if (lastLine.startsWith("\\top ")) {
            BackslashCommands.TOP_ORDERS.forEach(v -> out.add(candidate(v, "values", true)));
        } else if (lastLine.startsWith("\\format ")) {
            List.of("table", "csv", "json", "markdown").forEach(v -> out.add(candidate(v, "values", true)));
        }
    }

    /** {@code o.cu<Tab>}: the columns of the table {@code o} names, directly or as an alias. */
    private void completeQualified(String sql, String word, List<Candidate> out) {
        int dot = word.lastIndexOf('.');
        String qualifier = word.substring(0, dot);
        String table = aliases(sql).getOrDefault(qualifier.toLowerCase(Locale.ROOT), qualifier);
        for (String c : columnsOf(table)) {
            out.add(candidate(qualifier + "." + c, "columns", true));
        }
    }

    private Collection<String> columnsInScope(String sql) {
        Set<String> cols = new LinkedHashSet<>();
        Collection<String> mentioned = aliases(sql).values();
        if (mentioned.isEmpty()) {
            tables().values().forEach(cols::addAll);
        } else {
            mentioned.forEach(t -> cols.addAll(columnsOf(t)));
        }
        return cols;
    }

    /** alias (lower case) → table, and each table → itself. */
    private static Map<String, String> aliases(String sql) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        Matcher m = TABLE_AND_ALIAS.matcher(sql);
        while (m.find()) {
            String table = m.group(1);
            out.put(table.toLowerCase(Locale.ROOT), table);
            String alias = m.group(2);
            if (alias != null && !SqlKeywords.isKeyword(alias)) {
                out.put(alias.toLowerCase(Locale.ROOT), table);
            }
        }
        return out;
    }

    private List<String> columnsOf(String table) {
        Map<String, List<String>> all = tables();
        String bare = table.substring(table.lastIndexOf('.') + 1);
        for (Map.Entry<String, List<String>> e : all.entrySet()) {
            if (e.getKey().equalsIgnoreCase(table) || e.getKey().equalsIgnoreCase(bare)) {
                return e.getValue();
            }
        }
        return List.of();
    }

    private Map<String, List<String>> tables() {
        return names.tables(db.get());
    }

    private static String previousWord(ParsedLine line) {
        int i = line.wordIndex() - 1;
        return i >= 0 ? line.words().get(i).toUpperCase(Locale.ROOT) : "";
    }

    /** Keywords follow the case the person is typing in. */
    private static String caseLike(String typed, String keyword) {
        boolean lower = !typed.isEmpty() && typed.equals(typed.toLowerCase(Locale.ROOT));
        return lower ? keyword.toLowerCase(Locale.ROOT) : keyword;
    }

    private static Candidate candidate(String value, String group, boolean complete) {
        return new Candidate(value, value, group, null, null, null, complete);
    }
}
