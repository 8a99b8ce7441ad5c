package dev.gabysql.core.curated;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * One typed parameter of a curated tool, and the check every value passes before it is bound: its type (a string
 * where a number is declared is refused, not converted), its allowed values, its bounds. A value that passes is bound
 * as the driver's own type (Long, BigDecimal, Boolean, String), never pasted into the SQL. Immutable.
 *
 * @param name        the name the statement uses ({@code :name}) and the argument's name
 * @param type        what the value must be
 * @param description what the model reads about it; may be null
 * @param required    whether a call must give it; an optional one absent is bound as its default, or NULL
 * @param allowed     the values it may take (JSON Schema's {@code enum}); empty: any of its type
 * @param minimum     the least value (numbers only); may be null
 * @param maximum     the greatest value (numbers only); may be null
 * @param maxLength   the most characters (strings only); may be null
 * @param defaultValue bound when an optional parameter is absent; may be null
 */
public record CuratedParam(
        String name,
        ParamType type,
        String description,
        boolean required,
        List<Object> allowed,
        BigDecimal minimum,
        BigDecimal maximum,
        Integer maxLength,
        Object defaultValue) {
    public CuratedParam {
        allowed = List.copyOf(allowed);
    }

    /**
     * The value to bind for {@code value} (null: the argument is absent), checked against the declaration.
     *
     * @throws GabyException BAD_REQUEST naming the tool, the parameter and what was wrong
     */
    public Object accept(String tool, Object value) {
        if (value == null) {
            if (required) {
                throw bad(tool, "is required.");
            }
            return defaultValue;
        }
        Object v = typed(tool, value);
        if (!allowed.isEmpty() && !isAllowed(v)) {
            throw bad(tool, "must be one of " + allowed + ", got " + shown(value) + ".");
        }
        if (minimum != null && ((BigDecimal) decimal(v)).compareTo(minimum) < 0) {
            throw bad(tool, "must be at least " + minimum.toPlainString() + ", got " + shown(value) + ".");
        }
        if (maximum != null && ((BigDecimal) decimal(v)).compareTo(maximum) > 0) {
            throw bad(tool, "must be at most " + maximum.toPlainString() + ", got " + shown(value) + ".");
        }
        if (maxLength != null
                && v instanceof String
                && ((String) v).codePointCount(0, ((String) v).length()) > maxLength) {
            throw bad(tool, "must be at most " + maxLength + " characters long.");
        }
        return v;
    }

    /**
     * A value typed in a shell ({@code name=value}) as this parameter's type, then {@link #accept}ed: {@code 42} for
     * an integer, {@code true} for a boolean; a string takes the text as it is.
     */
    public Object acceptText(String tool, String text) {
        try {
            switch (type) {
                case INTEGER:
                    return accept(tool, new BigInteger(text.strip()));
                case NUMBER:
                    return accept(tool, new BigDecimal(text.strip()));
                case BOOLEAN:
                    return accept(tool, booleanText(tool, text.strip()));
                default:
                    return accept(tool, text);
            }
        } catch (NumberFormatException e) {
            throw bad(tool, "must be " + article() + ", got `" + text + "`.");
        }
    }

    private Boolean booleanText(String tool, String text) {
        if (text.equals("true") || text.equals("false")) {
            return Boolean.valueOf(text);
        }
        throw bad(tool, "must be true or false, got `" + text + "`.");
    }

    private Object typed(String tool, Object value) {
        switch (type) {
            case STRING:
                if (value instanceof String) {
                    return value;
                }
                break;
            case BOOLEAN:
                if (value instanceof Boolean) {
                    return value;
                }
                break;
            case INTEGER:
                Object whole = wholeNumber(value);
                if (whole != null) {
                    return whole;
                }
                break;
            default:
                if (value instanceof Number) {
                    return decimal(value);
                }
        }
        throw bad(tool, "must be " + article() + ", got " + shown(value) + ".");
    }

    /** An integral JSON number as a Long; null for anything else (a string, a fraction, beyond a long). */
    private static Long wholeNumber(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (!(value instanceof Number)) {
            return null;
        }
        BigDecimal d = decimal(value);
        try {
            return d.stripTrailingZeros().scale() <= 0 ? d.longValueExact() : null;
        } catch (ArithmeticException beyondLong) {
            return null;
        }
    }

    private static BigDecimal decimal(Object n) {
        if (n instanceof BigDecimal) {
            return (BigDecimal) n;
        }
        if (n instanceof BigInteger) {
            return new BigDecimal((BigInteger) n);
        }
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return BigDecimal.valueOf(((Number) n).longValue());
        }
        double d = ((Number) n).doubleValue();
        if (!Double.isFinite(d)) {
            throw new NumberFormatException("not finite");
        }
        return new BigDecimal(Double.toString(d));
    }

    private boolean isAllowed(Object v) {
        for (Object a : allowed) {
            if (v instanceof String
                    ? v.equals(a)
                    : a instanceof Number && v instanceof Number
                            ? decimal(a).compareTo(decimal(v)) == 0
                            : v.equals(a)) {
                return true;
            }
        }
        return false;
    }

    private String article() {
        return type == ParamType.INTEGER ? "an integer" : "a " + type.schemaName();
    }

    private static String shown(Object value) {
        if (value instanceof String) {
            String s = (String) value;
            return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return (value instanceof Number ? "the number " : "") + value;
        }
        return "a value of another kind";
    }

    private GabyException bad(String tool, String what) {
        return new GabyException(
                ErrorCode.BAD_REQUEST,
                "Parameter `" + name + "` of tool `" + tool + "` " + what + " Nothing was run.",
                "Send " + name + " as " + article() + " within the tool's input schema (its type, allowed values and"
                        + " bounds).");
    }
}
