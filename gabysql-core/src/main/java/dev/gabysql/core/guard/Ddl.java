package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import java.util.Locale;
import java.util.Set;

/**
 * CREATE, ALTER and DROP: DDL for admin, except where the object decides otherwise: session settings (ALTER
 * SYSTEM, ALTER ROLE … SET), temporary objects (they outlive the call on a pooled connection), code that
 * reaches the OS (untrusted languages, MariaDB SONAME, file_fdw), and the PostgreSQL statements that refuse a
 * transaction block.
 */
final class Ddl {
    /** The words naming what is created, altered or dropped; the first one found is the object. */
    private static final Set<String> OBJECTS = Set.of(
            "TABLE",
            "VIEW",
            "INDEX",
            "SEQUENCE",
            "SCHEMA",
            "DATABASE",
            "FUNCTION",
            "PROCEDURE",
            "TRIGGER",
            "TYPE",
            "EXTENSION",
            "ROLE",
            "USER",
            "GROUP",
            "TABLESPACE",
            "SERVER",
            "EVENT",
            "DOMAIN",
            "LANGUAGE",
            "POLICY",
            "PUBLICATION",
            "SUBSCRIPTION",
            "RULE",
            "OPERATOR",
            "COLLATION",
            "CONVERSION",
            "AGGREGATE",
            "CAST",
            "STATISTICS",
            "TEXT",
            "ACCESS",
            "SYSTEM",
            "DEFAULT",
            "ROUTINE",
            "TRANSFORM",
            "WRAPPER",
            "MAPPING",
            "OWNED",
            "PACKAGE",
            "ALIAS",
            "SYNONYM",
            "MACRO",
            "SECRET");
    /** The objects the generic flavour allows: the common core every engine means the same by. */
    private static final Set<String> GENERIC_OBJECTS = Set.of("TABLE", "VIEW", "INDEX", "SEQUENCE", "SCHEMA");

    private static final Set<String> SQLITE_FILE_MODULES = Set.of("FSDIR", "ZIPFILE", "CSV", "LSDIR", "SQLAR");
    private static final int HEADER = 12;

    private Ddl() {}

    static Analysis classify(Classifier c, int from, int to) {
        TokenList t = c.t;
        String verb = t.word(from);
        int object = objectIndex(t, from, to);
        String objectWord = object < 0 ? "" : t.word(object);
        String command = object < 0 ? verb : verb + " " + objectWord;
        if (c.flavor.ddlOnCommonObjectsOnly() && !GENERIC_OBJECTS.contains(objectWord)) {
            return Analysis.unknown(command, "`" + command + "` is outside the common SQL the generic guard allows");
        }
        if (object < 0) {
            return Analysis.unknown(verb, "the guard cannot tell what `" + verb + "` acts on");
        }
        if (isTemporary(t, from, object)) {
            return Analysis.of(StatementKind.SESSION, command)
                    .effect(SideEffect.never(
                            "a temporary object outlives the call on a pooled connection", ErrorCode.SESSION_CHANGE));
        }
        if (c.flavor.alterChangesSettings() && changesSettings(t, from, to, verb, objectWord)) {
            return Analysis.of(StatementKind.SESSION, command);
        }
        Analysis a = Analysis.of(StatementKind.DDL, command);
        reachesOutside(c, from, to, objectWord, a);
        return refusesTransaction(c, from, to, verb, objectWord) ? a.nonTransactional() : a;
    }

    /** The word naming what the statement at {@code from} creates, alters or drops, or "" (for statement ends). */
    static String objectWord(TokenList t, int from) {
        for (int i = from + 1; i < Math.min(t.size(), from + HEADER); i++) {
            if (OBJECTS.contains(t.word(i))) {
                return t.word(i);
            }
            if (t.is(i, Token.Type.SEMICOLON)) {
                break;
            }
        }
        return "";
    }

    private static int objectIndex(TokenList t, int from, int to) {
        for (int i = from + 1; i < Math.min(to, from + HEADER); i++) {
            if (t.depth(i) == t.depth(from) && OBJECTS.contains(t.word(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isTemporary(TokenList t, int from, int object) {
        for (int i = from + 1; i < object; i++) {
            if (t.isWord(i, "TEMP") || t.isWord(i, "TEMPORARY")) {
                return true;
            }
        }
        return false;
    }

    /** ALTER SYSTEM, ALTER DATABASE/ROLE/USER … SET/RESET: configuration, never through gabysql. */
    private static boolean changesSettings(TokenList t, int from, int to, String verb, String object) {
        if (!verb.equals("ALTER")) {
            return false;
        }
        if (object.equals("SYSTEM")) {
            return true;
        }
        boolean holder = object.equals("DATABASE") || object.equals("ROLE") || object.equals("USER");
        return holder && (t.findWordAtDepth(from, to, "SET") >= 0 || t.findWordAtDepth(from, to, "RESET") >= 0);
    }

    private static void reachesOutside(Classifier c, int from, int to, String object, Analysis a) {
        TokenList t = c.t;
        String why = null;
        if (c.flavor.untrustedLanguagesReachOs()
                && (object.equals("FUNCTION") || object.equals("PROCEDURE") || object.equals("LANGUAGE"))
                && untrustedLanguage(t, from, to, object)) {
            why = "code in an untrusted language or C runs with the database server's OS rights";
        } else if (c.flavor.sonameLoadsLibraries() && t.findWord(from, to, "SONAME") >= 0) {
            why = "`SONAME` loads a native library into the database server";
        } else if (c.flavor.foreignTablesReachFiles()
                && t.findWord(from, to, "FOREIGN") >= 0
                && (t.findWord(from, to, "PROGRAM") >= 0 || t.findWord(from, to, "FILENAME") >= 0)) {
            why = "a foreign table over a file or program reaches the database server's file system";
        } else if (c.flavor.virtualTablesReachFiles() && t.findWord(from, to, "VIRTUAL") >= 0) {
            int using = t.findWord(from, to, "USING");
            why = using >= 0 && SQLITE_FILE_MODULES.contains(t.word(using + 1))
                    ? "this virtual table module reads or writes files"
                    : null;
        }
        if (why != null) {
            a.effect(SideEffect.never(why, ErrorCode.SIDE_EFFECT));
        }
    }

    private static boolean untrustedLanguage(TokenList t, int from, int to, String object) {
        if (object.equals("LANGUAGE")) {
            return true;
        }
        for (int i = t.findWord(from, to, "LANGUAGE"); i >= 0 && i + 1 < to; i = t.findWord(i + 1, to, "LANGUAGE")) {
            Token name = t.get(i + 1);
            String lang = name.text().replace("'", "").toLowerCase(Locale.ROOT);
            if (lang.equals("c") || lang.equals("internal") || (lang.startsWith("pl") && lang.endsWith("u"))) {
                return true;
            }
        }
        return false;
    }

    /** DDL that cannot run inside a transaction block (so cannot be previewed), where the flavour has such. */
    private static boolean refusesTransaction(Classifier c, int from, int to, String verb, String object) {
        if (!c.flavor.someStatementsRefuseTransactionBlock()) {
            return false;
        }
        boolean createOrDrop = verb.equals("CREATE") || verb.equals("DROP");
        if (createOrDrop && (object.equals("DATABASE") || object.equals("TABLESPACE"))) {
            return true;
        }
        return createOrDrop && object.equals("INDEX") && c.t.findWord(from, to, "CONCURRENTLY") >= 0;
    }
}
