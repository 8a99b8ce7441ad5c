package dev.gabysql.core.dialect.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/** The evidence of a finding as an ordered map, written name, value, name, value, … Stateless. */
public final class Facts {
    private Facts() {}

    public static Map<String, Object> of(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
