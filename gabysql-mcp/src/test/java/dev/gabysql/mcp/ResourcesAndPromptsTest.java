package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog and schema resources, the diagram, the prompts and the completion of database names. */
final class ResourcesAndPromptsTest {
    @TempDir
    static Path dir;

    static GabyService service;
    static McpTestClient client;

    @BeforeAll
    static void start() throws Exception {
        service = Shop.service(Mode.READONLY, Shop.sqlite(dir));
        client = McpTestClient.start(service);
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        service.close();
    }

    @Test
    void listsTheCatalogAndTheTemplates() {
        JsonNode list = ok("resources/list", Map.of());
        assertThat(list.findValuesAsText("uri")).containsExactly("gabysql://catalog");
        JsonNode templates = ok("resources/templates/list", Map.of());
        assertThat(templates.findValuesAsText("uriTemplate"))
                .containsExactlyInAnyOrder("gabysql://schema/{db}", "gabysql://schema/{db}/diagram");
    }

    @Test
    void readsTheCatalog() throws Exception {
        JsonNode content = read("gabysql://catalog");
        assertThat(content.get("mimeType").asText()).isEqualTo("application/json");
        JsonNode catalog = McpTestClient.JSON.readTree(content.get("text").asText());
        assertThat(catalog.at("/databases/0/name").asText()).isEqualTo("shop");
        assertThat(catalog.at("/databases/0/schema_uri").asText()).isEqualTo("gabysql://schema/shop");
    }

    @Test
    void readsTheSchemaBundleAndTheDiagram() throws Exception {
        JsonNode schema = read("gabysql://schema/shop");
        assertThat(schema.get("mimeType").asText()).isEqualTo("application/json");
        assertThat(McpTestClient.JSON.readTree(schema.get("text").asText()).toString())
                .contains("customers", "orders");
        JsonNode diagram = read("gabysql://schema/shop/diagram");
        assertThat(diagram.get("text").asText())
                .startsWith("erDiagram")
                .contains("orders")
                .contains("customers");
    }

    @Test
    void unknownDatabaseIsACleanResourceNotFound() {
        JsonNode r = client.request("resources/read", Map.of("uri", "gabysql://schema/nope"));
        assertThat(r.at("/error/code").asInt()).isEqualTo(-32002);
        assertThat(r.at("/error/message").asText())
                .startsWith("error [UNKNOWN_DATABASE]: ")
                .contains("shop");
        assertThat(r.at("/error/data/code").asText()).isEqualTo("UNKNOWN_DATABASE");
        ToolAssert.assertClean(r.toString());
        JsonNode bad = client.request("resources/read", Map.of("uri", "gabysql://schema/..%2Fetc"));
        assertThat(bad.has("error")).isTrue();
        ToolAssert.assertClean(bad.toString());
    }

    @Test
    void exploreDatabasePromptNamesTheDatabaseAndTheSteps() {
        JsonNode r = ok("prompts/get", Map.of("name", "explore_database", "arguments", Map.of("db", "shop")));
        String text = r.at("/messages/0/content/text").asText();
        assertThat(r.at("/messages/0/role").asText()).isEqualTo("user");
        assertThat(text).contains("`shop`", "gabysql_describe_database", "detail=\"names\"", "LIMIT");
        JsonNode unknown =
                client.request("prompts/get", Map.of("name", "explore_database", "arguments", Map.of("db", "nope")));
        assertThat(unknown.at("/error/message").asText()).contains("Unknown database `nope`");
    }

    @Test
    void completesDatabaseNames() {
        JsonNode r = ok(
                "completion/complete",
                Map.of(
                        "ref",
                        Map.of("type", "ref/resource", "uri", "gabysql://schema/{db}"),
                        "argument",
                        Map.of("name", "db", "value", "sh")));
        assertThat(r.at("/completion/values").toString()).isEqualTo("[\"shop\"]");
        JsonNode none = ok(
                "completion/complete",
                Map.of(
                        "ref",
                        Map.of("type", "ref/prompt", "name", "explore_database"),
                        "argument",
                        Map.of("name", "db", "value", "zz")));
        assertThat(none.at("/completion/values").size()).isZero();
    }

    @Test
    void instructionsGuideTheModel() {
        JsonNode init = McpTestClient.result(client.initialize());
        assertThat(init.get("instructions").asText())
                .contains("Start with gabysql_list_databases", "Look before you query", "error [CODE]");
        assertThat(init.at("/serverInfo/name").asText()).isEqualTo("gabysql");
    }

    private static JsonNode read(String uri) {
        return ok("resources/read", Map.of("uri", uri)).at("/contents/0");
    }

    private static JsonNode ok(String method, Object params) {
        return McpTestClient.result(client.request(method, params));
    }
}
