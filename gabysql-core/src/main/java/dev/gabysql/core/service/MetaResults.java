package dev.gabysql.core.service;

import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.introspect.SchemaModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Shapes the answers of gabysql's meta-commands as ordinary query results. */
final class MetaResults {
    private MetaResults() {}

    static QueryResult databases(List<DatabaseInfo> dbs) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseInfo d : dbs) {
            rows.add(Arrays.asList(d.name(), d.dialect(), d.mode().label(), d.description()));
        }
        return result(rows, "name", "dialect", "mode", "description");
    }

    static QueryResult tables(SchemaModel model) {
        List<List<Object>> rows = new ArrayList<>();
        for (SchemaModel.Table t : model.tables()) {
            rows.add(Arrays.asList(t.schema(), t.name(), t.kind()));
        }
        return result(rows, "schema", "name", "kind");
    }

    static QueryResult describe(SchemaModel.Table table) {
        List<List<Object>> rows = new ArrayList<>();
        for (SchemaModel.Column c : table.columns()) {
            rows.add(Arrays.asList(
                    c.name(),
                    c.type(),
                    c.nullable(),
                    c.defaultValue(),
                    table.primaryKey().contains(c.name())));
        }
        return result(rows, "column", "type", "nullable", "default", "primary_key");
    }

    static QueryResult integrity(IntegrityReport report) {
        List<List<Object>> rows = new ArrayList<>();
        if (report.problems().isEmpty()) {
            rows.add(Arrays.asList(report.database(), "ok", report.method(), report.checked(), null));
        }
        for (String p : report.problems()) {
            rows.add(Arrays.asList(report.database(), "problem", report.method(), report.checked(), p));
        }
        return result(rows, "database", "status", "method", "checked", "problem");
    }

    private static QueryResult result(List<List<Object>> rows, String... names) {
        List<QueryResult.Column> columns = new ArrayList<>();
        for (String n : names) {
            columns.add(new QueryResult.Column(n, "text"));
        }
        return new QueryResult(columns, rows, false, null, 0);
    }
}
