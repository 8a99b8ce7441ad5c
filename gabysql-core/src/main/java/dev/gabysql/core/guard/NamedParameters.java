package dev.gabysql.core.guard;

import dev.gabysql.core.api.NamedStatement;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the named parameters ({@code :name}) of a curated tool's statement with the guard's own lexer in the
 * database's flavour, so that a {@code :word} inside a string, a quoted identifier, a comment or a dollar quote is
 * text and not a parameter, and a PostgreSQL cast ({@code ::int}) is a cast (docs/configuration.md#curated-tools).
 * Each parameter becomes a positional {@code ?} that the driver binds. Every other placeholder form ({@code ?},
 * {@code $1}, {@code @x}) and a {@code ?} operator are refused: gabysql owns the placeholders, and a stray {@code ?}
 * would shift every value after it. Stateless.
 */
public final class NamedParameters {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private NamedParameters() {}

    /**
     * The statement with each {@code :name} replaced by {@code ?}, and the names in order.
     *
     * @throws GabyException CONFIG_INVALID for a placeholder of another form or a {@code ?} operator, and what the
     *         lexer throws for a text it cannot read safely
     */
    public static NamedStatement translate(String sql, SqlFlavor flavor) {
        TokenList tokens = Lexer.lex(sql, Flavor.of(flavor).lexer());
        StringBuilder out = new StringBuilder(sql.length());
        List<String> names = new ArrayList<>();
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is(Token.Type.PARAM)) {
                String name = sigilName(t);
                out.append(sql, copied, t.start()).append('?');
                names.add(name);
                copied = t.end();
            } else if (t.is(Token.Type.OPERATOR)) {
                Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
                int colon = namedColon(sql, t, next);
                if (colon >= 0) {
                    String name = sql.substring(next.start(), next.end());
                    requireName(name);
                    out.append(sql, copied, colon).append('?');
                    names.add(name);
                    copied = next.end();
                    i++;
                }
            }
        }
        out.append(sql, copied, sql.length());
        return new NamedStatement(out.toString(), names);
    }

    /** A SQLite {@code :name} token's name; any other sigil form is refused. */
    private static String sigilName(Token t) {
        String text = t.text();
        if (text.length() > 1 && text.charAt(0) == ':') {
            String name = text.substring(1);
            requireName(name);
            return name;
        }
        throw refused("`" + text + "` is a placeholder of another form.");
    }

    /**
     * Where the {@code :} of a {@code :name} is when {@code op} ends with a lone colon directly followed by a word
     * (PostgreSQL and MariaDB lex {@code =:id} as the operator {@code =:} and the word {@code id}); -1 otherwise.
     */
    private static int namedColon(String sql, Token op, Token next) {
        String text = op.text();
        if (text.indexOf('?') >= 0) {
            throw refused(
                    "the statement uses `?` (offset " + op.start() + "), which a driver reads as a" + " placeholder.");
        }
        int last = text.length() - 1;
        boolean loneColon = text.charAt(last) == ':' && (last == 0 || text.charAt(last - 1) != ':');
        if (!loneColon || next == null || !next.is(Token.Type.WORD) || next.start() != op.end()) {
            return -1;
        }
        return op.end() - 1;
    }

    private static void requireName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw refused("`:" + name + "` is not a parameter name.");
        }
    }

    private static GabyException refused(String why) {
        return new GabyException(
                ErrorCode.CONFIG_INVALID,
                "A curated tool's statement takes named parameters only: " + why,
                "Write each value as :name (letters, digits and '_') and declare it under the tool's params;"
                        + " write a literal ? operator as a function (PostgreSQL: jsonb_exists).");
    }
}
