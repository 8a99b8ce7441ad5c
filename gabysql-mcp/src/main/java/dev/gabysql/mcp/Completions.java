package dev.gabysql.mcp;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Completion of the {@code db} argument of the resource templates and prompts: the catalog names starting with
 * what the user typed. Any failure completes to nothing (a completion is a convenience, never an error). Stateless.
 */
final class Completions {
    private static final int MAX = 100;

    private Completions() {}

    static List<McpServerFeatures.SyncCompletionSpecification> all(GabyService service, boolean writes) {
        List<McpServerFeatures.SyncCompletionSpecification> out = new ArrayList<>();
        for (McpSchema.CompleteReference ref : references(writes)) {
            out.add(new McpServerFeatures.SyncCompletionSpecification(
                    ref, (exchange, request) -> complete(service, request)));
        }
        return out;
    }

    /** {@link #all} for the SDK's stateless server: the same references and answers. */
    static List<McpStatelessServerFeatures.SyncCompletionSpecification> stateless(GabyService service, boolean writes) {
        List<McpStatelessServerFeatures.SyncCompletionSpecification> out = new ArrayList<>();
        for (McpSchema.CompleteReference ref : references(writes)) {
            out.add(new McpStatelessServerFeatures.SyncCompletionSpecification(
                    ref, (transport, request) -> complete(service, request)));
        }
        return out;
    }

    private static List<McpSchema.CompleteReference> references(boolean writes) {
        List<McpSchema.CompleteReference> refs = new ArrayList<>(List.of(
                new McpSchema.ResourceReference(Resources.SCHEMA_TEMPLATE),
                new McpSchema.ResourceReference(Resources.DIAGRAM_TEMPLATE),
                new McpSchema.PromptReference(Prompts.EXPLORE)));
        if (writes) {
            refs.add(new McpSchema.PromptReference(Prompts.SAFE_CHANGE));
        }
        return refs;
    }

    static McpSchema.CompleteResult complete(GabyService service, McpSchema.CompleteRequest request) {
        List<String> values = new ArrayList<>();
        McpSchema.CompleteRequest.CompleteArgument arg = request.argument();
        if (arg != null && "db".equals(arg.name())) {
            String typed = arg.value() == null ? "" : arg.value().toLowerCase(Locale.ROOT);
            try {
                for (DatabaseInfo d : service.listDatabases(CallContext.of("mcp"))) {
                    if (d.name().toLowerCase(Locale.ROOT).startsWith(typed)) {
                        values.add(d.name());
                    }
                }
            } catch (RuntimeException e) {
                values.clear();
            }
        }
        int total = values.size();
        List<String> shown = values.size() > MAX ? values.subList(0, MAX) : values;
        return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(shown, total, total > MAX));
    }
}
