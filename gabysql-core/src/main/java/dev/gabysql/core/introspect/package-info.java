/**
 * Introspection: the schema model as immutable records ({@link dev.gabysql.core.introspect.SchemaModel},
 * built by each dialect's reader through {@link dev.gabysql.core.introspect.SchemaModelBuilder} with a constant
 * number of catalog queries), and what turns it into answers for a model: detail levels and paging
 * ({@link dev.gabysql.core.introspect.SchemaPresenter}), one table
 * ({@link dev.gabysql.core.introspect.TablePresenter}), search, plans and the Mermaid diagram, the DBA reports and
 * index advice ({@link dev.gabysql.core.introspect.HealthPresenter}, {@link dev.gabysql.core.introspect.AdvicePresenter}). Presenters write compact
 * text and its compact JSON twin; they know no vendor, and no SQL reaches a database from here except through a
 * dialect's reader.
 */
package dev.gabysql.core.introspect;
