package dev.gabysql.core.curated;

import java.util.Locale;

/** The type of a curated tool's parameter, named as JSON Schema names it. */
public enum ParamType {
    STRING,
    INTEGER,
    NUMBER,
    BOOLEAN;

    /** The JSON Schema type: string, integer, number or boolean. */
    public String schemaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type a configuration names, or null for any other word. */
    public static ParamType parse(String s) {
        for (ParamType t : values()) {
            if (t.schemaName().equals(s)) {
                return t;
            }
        }
        return null;
    }

    /** Whether bounds (minimum, maximum) apply. */
    public boolean numeric() {
        return this == INTEGER || this == NUMBER;
    }
}
