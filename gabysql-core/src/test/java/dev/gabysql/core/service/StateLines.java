package dev.gabysql.core.service;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Builds a database's state as labelled lines ({@code label: value}), one fact a line, so that a failed comparison of
 * two states shows the lines that differ. Used by the per-engine states ({@link PostgresState}, {@link MariaDbState},
 * {@link SqliteState}); not thread-safe (one per read).
 */
final class StateLines {
    private final List<String> lines = new ArrayList<>();

    /** Every row of {@code sql} as one line under {@code label}, columns joined by {@code |}. */
    StateLines rows(Connection c, String label, String sql) {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            boolean any = false;
            while (rs.next()) {
                lines.add(label + ": " + row(rs, n));
                any = true;
            }
            if (!any) {
                lines.add(label + ": (none)");
            }
        } catch (SQLException e) {
            lines.add(label + ": unreadable ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        return this;
    }

    /**
     * A table's rows as their count and a digest. The rows are sorted as text before hashing, so that the digest does
     * not depend on the order the engine happens to return them in.
     */
    StateLines table(Connection c, String name, String quotedName) {
        List<String> rows = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + quotedName)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                rows.add(row(rs, n));
            }
        } catch (SQLException e) {
            lines.add("table " + name + ": unreadable (" + e.getMessage() + ")");
            return this;
        }
        Collections.sort(rows);
        lines.add("table " + name + ": rows=" + rows.size() + " sha256=" + sha256(String.join("\n", rows)));
        return this;
    }

    StateLines line(String label, Object value) {
        lines.add(label + ": " + value);
        return this;
    }

    /** The files of {@code dir} (recursively) with their sizes, but those {@code skip} accepts. */
    StateLines files(Path dir, Predicate<String> skip) {
        try (Stream<Path> all = Files.walk(dir)) {
            List<String> found = all.filter(Files::isRegularFile)
                    .filter(p -> !skip.test(p.getFileName().toString()))
                    .map(p -> dir.relativize(p) + " " + p.toFile().length() + " bytes")
                    .sorted()
                    .toList();
            lines.add("files in the test's directory: " + (found.isEmpty() ? "(none)" : String.join(", ", found)));
        } catch (java.io.IOException e) {
            lines.add("files in the test's directory: unreadable (" + e.getMessage() + ")");
        }
        return this;
    }

    /** The one column of {@code sql}'s rows, as a list (for the names to walk over, e.g. tables). */
    static List<String> column(Connection c, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    @Override
    public String toString() {
        return String.join("\n", lines);
    }

    private static String row(ResultSet rs, int columns) throws SQLException {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
            sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        return sb.toString();
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
