package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.IndexCandidates;
import dev.gabysql.core.dialect.internal.TableAliases;
import dev.gabysql.core.exec.CatalogQueries;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Index advice on SQLite (docs/dba.md#index-advice): a guess, labelled so. SQLite's plan names the tables it reads in
 * full ({@code SCAN orders}) but not the conditions, so the columns come from the statement's own text: a column of
 * the scanned table compared with {@code =}, {@code IN}, {@code <}, {@code >} or {@code BETWEEN} (string literals
 * left out). The read is planned ({@code EXPLAIN QUERY PLAN}), never run. Stateless.
 */
final class SqliteIndexAdvisor {
    /** {@code SCAN orders} or {@code SCAN orders AS o}, but not {@code SCAN orders USING … INDEX}: a full read. */
    private static final Pattern SCAN =
            Pattern.compile("^SCAN (?:TABLE )?(\"(?:[^\"]|\"\")+\"|\\S+)(?: AS (\\S+))?$", Pattern.CASE_INSENSITIVE);

    private SqliteIndexAdvisor() {}

    static IndexAdvice advise(CatalogQueries q, String sql) {
        Set<String> scanned = new LinkedHashSet<>();
        List<String> scans = new ArrayList<>();
        Map<String, TableAliases.Table> aliases = TableAliases.of(sql);
        for (CatalogRow r : CatalogRow.of(q.rows("EXPLAIN QUERY PLAN " + sql))) {
            Matcher m = SCAN.matcher(r.text("detail").strip());
            if (m.matches()) {
                String named = unquote(m.group(2) != null ? m.group(2) : m.group(1));
                TableAliases.Table t = aliases.get(named.toLowerCase(Locale.ROOT));
                scanned.add(t == null ? named : t.name());
                scans.add(r.text("detail"));
            }
        }
        String text = sql.replaceAll("'(?:[^']|'')*'", "''");
        List<IndexAdvice.Candidate> out = new ArrayList<>();
        for (String table : scanned) {
            List<String> columns = new ArrayList<>();
            for (CatalogRow c : CatalogRow.of(q.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", table))) {
                columns.add(c.text("name"));
            }
            if (columns.isEmpty()) {
                continue; // a CTE or a subquery's result, not a table
            }
            IndexCandidates found = new IndexCandidates();
            found.read(text, reference(columns), IndexCandidates.Use.EQUALITY);
            if (found.isEmpty()) {
                continue;
            }
            List<String> cols = new ArrayList<>();
            for (String c : found.candidates().get(0)) {
                cols.add(canonical(unquote(c), columns));
            }
            String name = "ix_" + table + "_" + String.join("_", cols);
            out.add(new IndexAdvice.Candidate(
                    quote(table),
                    cols,
                    "CREATE INDEX " + quote(name.replaceAll("\\W", "_")) + " ON " + quote(table) + " ("
                            + String.join(", ", quoteAll(cols)) + ")",
                    null,
                    null,
                    null));
        }
        List<String> notes = new ArrayList<>();
        notes.add(
                scans.isEmpty()
                        ? "the plan reads no table in full: no index to propose"
                        : "a guess from the plan and the statement's text: SQLite cannot plan with an index that does not"
                                + " exist (the sqlite3 shell's .expert can, on a copy)");
        return new IndexAdvice(null, "guess from EXPLAIN QUERY PLAN", false, null, scans, out, notes);
    }

    /** A reference to one of {@code columns}, bare, quoted or qualified ({@code o.customer_id}). */
    private static Pattern reference(List<String> columns) {
        StringBuilder alt = new StringBuilder();
        for (String c : columns) {
            alt.append(alt.length() == 0 ? "" : "|").append(Pattern.quote(c));
        }
        return Pattern.compile(
                "(?<![\\w.\"])(?:[A-Za-z_]\\w*\\.)?(\"(?:" + alt + ")\"|(?:" + alt + "))(?![\\w(\"])",
                Pattern.CASE_INSENSITIVE);
    }

    private static String canonical(String column, List<String> columns) {
        for (String c : columns) {
            if (c.equalsIgnoreCase(column)) {
                return c;
            }
        }
        return column;
    }

    private static List<String> quoteAll(List<String> names) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add(quote(n)));
        return out;
    }

    private static String quote(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : '"' + name.replace("\"", "\"\"") + '"';
    }

    private static String unquote(String name) {
        return TableAliases.unquote(name);
    }
}
