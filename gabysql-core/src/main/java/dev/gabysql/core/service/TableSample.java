package dev.gabysql.core.service;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.TablePresenter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A table's sample rows for describe_table: a plain SELECT … LIMIT sent through the normal read path (guard,
 * read-only session, caps), names quoted by the dialect. A sample that cannot be read (no privilege, a refusal)
 * becomes a note instead of failing the whole description.
 */
record TableSample(TablePresenter.SampleRows rows, String note) {
    static final TableSample NONE = new TableSample(null, null);

    static TableSample read(SchemaModel.Table t, Dialect dialect, Function<String, QueryResult> reader) {
        try {
            QueryResult r = reader.apply(TablePresenter.sampleSql(t, dialect::quoteIdentifier));
            List<String> names = new ArrayList<>();
            r.columns().forEach(c -> names.add(c.name()));
            return new TableSample(new TablePresenter.SampleRows(names, r.rows()), null);
        } catch (GabyException e) {
            if (e.code() == ErrorCode.CANCELLED) {
                throw e;
            }
            return new TableSample(null, "not available (" + e.getMessage() + ")");
        }
    }
}
