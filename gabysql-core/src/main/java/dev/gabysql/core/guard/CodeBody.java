package dev.gabysql.core.guard;

import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a piece of code stored in the database does when a write fires it: a trigger's body, a function's source, a
 * column default, a rule (docs/design.md#writes-preview-and-confirm). The dialect reads the code from the catalog;
 * this reads it with the flavour's lexer and function table, as a statement's own text is read.
 *
 * @param noPreview     why a preview could not rehearse what the code does (a function no rollback undoes or that
 *                      the guard does not know, SQL built at run time, a procedure call); empty when it can
 * @param writtenTables the tables the code writes (INSERT/REPLACE INTO, UPDATE, DELETE FROM), as written
 */
public record CodeBody(List<String> noPreview, List<String> writtenTables) {
    /** Words after which a table name follows, skipping modifiers. */
    private static final Set<String> WRITE_VERBS = Set.of("INSERT", "REPLACE", "UPDATE", "DELETE");

    private static final Set<String> SKIPPED = Set.of(
            "INTO",
            "FROM",
            "ONLY",
            "IGNORE",
            "LOW_PRIORITY",
            "HIGH_PRIORITY",
            "DELAYED",
            "QUICK",
            "OR",
            "ROLLBACK",
            "ABORT",
            "REPLACE",
            "FAIL");

    /** Words after UPDATE that are no table: DO UPDATE SET, FOR UPDATE OF / NOWAIT / SKIP LOCKED. */
    private static final Set<String> NOT_TABLES = Set.of("SET", "OF", "NOWAIT", "SKIP", "ON", "OR");

    public CodeBody {
        noPreview = List.copyOf(noPreview);
        writtenTables = List.copyOf(writtenTables);
    }

    /** Reads {@code code}; code the lexer cannot read is itself a reason for no preview (fail closed). */
    public static CodeBody read(String code, SqlFlavor flavor) {
        if (code == null || code.isBlank()) {
            return new CodeBody(List.of(), List.of());
        }
        Flavor f = Flavor.of(flavor);
        TokenList t;
        Analysis a = Analysis.of(StatementKind.DML, "code");
        try {
            t = Lexer.lex(code, f.lexer());
            ClauseScanner.scan(t, 0, t.size(), f, a);
        } catch (GabyException | IllegalStateException e) {
            return new CodeBody(List.of("its code cannot be read safely"), List.of());
        }
        List<String> reasons = new ArrayList<>(a.toStatement(code).noPreview());
        List<String> written = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            String w = t.get(i).is(Token.Type.WORD) ? t.word(i) : "";
            if (w.equals("EXECUTE") && !t.isWord(i + 1, "FUNCTION") && !t.isWord(i + 1, "PROCEDURE")) {
                reasons.add("it runs SQL built at run time (EXECUTE), which the guard cannot see");
            } else if (w.equals("CALL")) {
                reasons.add("it calls a procedure whose code the guard cannot see");
            } else if (WRITE_VERBS.contains(w)) {
                String table = target(t, i + 1);
                if (table != null && !written.contains(table)) {
                    written.add(table);
                }
            }
        }
        return new CodeBody(reasons, written);
    }

    private static String target(TokenList t, int i) {
        while (i < t.size() && t.get(i).is(Token.Type.WORD) && SKIPPED.contains(t.word(i))) {
            i++;
        }
        if (i >= t.size() || !t.get(i).isName() || (t.get(i).is(Token.Type.WORD) && NOT_TABLES.contains(t.word(i)))) {
            return null;
        }
        StringBuilder name = new StringBuilder(t.nameAsWritten(i));
        while (i + 2 < t.size() && t.is(i + 1, Token.Type.DOT) && t.get(i + 2).isName()) {
            name.append('.').append(t.nameAsWritten(i + 2));
            i += 2;
        }
        return name.toString();
    }
}
