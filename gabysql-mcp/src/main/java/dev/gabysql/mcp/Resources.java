package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.json.Json;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolBoundary;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.function.Supplier;

/**
 * The resources: {@code gabysql://catalog}, and per database {@code gabysql://schema/{db}} (the full schema
 * bundle, cached by the service for its TTL) and {@code gabysql://schema/{db}/diagram} (a Mermaid erDiagram),
 * for the SDK's server with sessions and for its stateless one, from the same definitions and readers. Stateless.
 */
final class Resources {
    static final String CATALOG_URI = "gabysql://catalog";
    static final String SCHEMA_PREFIX = "gabysql://schema/";
    static final String DIAGRAM_SUFFIX = "/diagram";
    static final String SCHEMA_TEMPLATE = SCHEMA_PREFIX + "{db}";
    static final String DIAGRAM_TEMPLATE = SCHEMA_PREFIX + "{db}" + DIAGRAM_SUFFIX;
    static final String JSON = "application/json";
    static final String TEXT = "text/plain";

    private static final McpSchema.Resource CATALOG = McpSchema.Resource.builder()
            .uri(CATALOG_URI)
            .name("catalog")
            .title("gabysql catalog")
            .mimeType(JSON)
            .description("The databases gabysql serves: name, dialect, access mode, warnings, and the URIs of"
                    + " their schema and diagram resources.")
            .build();
    private static final McpSchema.ResourceTemplate SCHEMA = McpSchema.ResourceTemplate.builder(
                    SCHEMA_TEMPLATE, "schema")
            .title("Database schema")
            .mimeType(JSON)
            .description("The full schema of one database as a JSON bundle (cached for a few seconds).")
            .build();
    private static final McpSchema.ResourceTemplate DIAGRAM = McpSchema.ResourceTemplate.builder(
                    DIAGRAM_TEMPLATE, "diagram")
            .title("ER diagram")
            .mimeType(TEXT)
            .description("A Mermaid erDiagram of the tables and foreign keys of one database.")
            .build();

    private Resources() {}

    static List<McpServerFeatures.SyncResourceSpecification> resources(GabyService service, McpOptions options) {
        Read catalog = catalog(service);
        return List.of(new McpServerFeatures.SyncResourceSpecification(
                CATALOG, (exchange, request) -> catalog.read(context(options, exchange), request.uri())));
    }

    /** {@link #resources} for the SDK's stateless server: the same resources, read in each request's context. */
    static List<McpStatelessServerFeatures.SyncResourceSpecification> statelessResources(
            GabyService service, McpOptions options) {
        Read catalog = catalog(service);
        return List.of(new McpStatelessServerFeatures.SyncResourceSpecification(
                CATALOG, (transport, request) -> catalog.read(context(options, transport), request.uri())));
    }

    static List<McpServerFeatures.SyncResourceTemplateSpecification> templates(
            GabyService service, McpOptions options) {
        Read diagram = diagram(service);
        Read schema = schema(service);
        return List.of(
                new McpServerFeatures.SyncResourceTemplateSpecification(
                        DIAGRAM, (exchange, request) -> diagram.read(context(options, exchange), request.uri())),
                new McpServerFeatures.SyncResourceTemplateSpecification(
                        SCHEMA, (exchange, request) -> schema.read(context(options, exchange), request.uri())));
    }

    /** {@link #templates} for the SDK's stateless server. */
    static List<McpStatelessServerFeatures.SyncResourceTemplateSpecification> statelessTemplates(
            GabyService service, McpOptions options) {
        Read diagram = diagram(service);
        Read schema = schema(service);
        return List.of(
                new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
                        DIAGRAM, (transport, request) -> diagram.read(context(options, transport), request.uri())),
                new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
                        SCHEMA, (transport, request) -> schema.read(context(options, transport), request.uri())));
    }

    /** How a resource is read, in the caller's context: one handler for both kinds of server. */
    @FunctionalInterface
    private interface Read {
        McpSchema.ReadResourceResult read(CallContext ctx, String uri);
    }

    private static Read catalog(GabyService service) {
        return (ctx, uri) -> read(uri, JSON, "the catalog", () -> catalogJson(service.listDatabases(ctx)));
    }

    private static Read diagram(GabyService service) {
        return (ctx, uri) -> read(
                uri,
                TEXT,
                "the diagram resource",
                () -> service.diagram(ctx, dbOf(uri, true)).text());
    }

    private static Read schema(GabyService service) {
        return (ctx, uri) -> read(uri, JSON, "the schema resource", () -> json(service.schema(ctx, dbOf(uri, false))));
    }

    static String catalogJson(List<DatabaseInfo> dbs) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode list = root.putArray("databases");
        for (DatabaseInfo d : dbs) {
            ObjectNode o = (ObjectNode) Json.tree(d);
            o.put("schema_uri", SCHEMA_PREFIX + d.name());
            o.put("diagram_uri", SCHEMA_PREFIX + d.name() + DIAGRAM_SUFFIX);
            list.add(o);
        }
        return Json.write(root);
    }

    /** The database name in a schema or diagram URI. */
    static String dbOf(String uri, boolean diagram) {
        String rest = uri == null || !uri.startsWith(SCHEMA_PREFIX) ? "" : uri.substring(SCHEMA_PREFIX.length());
        if (diagram && rest.endsWith(DIAGRAM_SUFFIX)) {
            rest = rest.substring(0, rest.length() - DIAGRAM_SUFFIX.length());
        }
        if (rest.isEmpty()) {
            throw ProtocolErrors.invalidParams(
                    "No database in `" + uri + "`.",
                    "Use " + SCHEMA_TEMPLATE + " with a name from gabysql_list_databases.");
        }
        return rest;
    }

    private static McpSchema.ReadResourceResult read(String uri, String mime, String what, Supplier<String> text) {
        try {
            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, mime, text.get())));
        } catch (McpError e) {
            throw e;
        } catch (Throwable t) { // JSON-RPC errors must not carry the cause chain
            throw ProtocolErrors.of(t, what);
        }
    }

    private static String json(Rendered r) {
        return r.json() != null ? Json.write(r.json()) : r.text();
    }

    private static CallContext context(McpOptions options, McpSyncServerExchange exchange) {
        return ToolBoundary.context(options, exchange, new Cancellation());
    }

    private static CallContext context(McpOptions options, McpTransportContext transport) {
        return ToolBoundary.context(options, null, transport, new Cancellation());
    }
}
