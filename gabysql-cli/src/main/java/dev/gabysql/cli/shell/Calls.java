package dev.gabysql.cli.shell;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The context of the statement being run, shared by all its service calls (a read attempt, a preview, a commit),
 * so that Ctrl-C — delivered on JLine's signal thread — cancels the running statement and nothing else. Its
 * writes are approved by {@link ApprovalPolicy#AGENT}: the shell runs only on a terminal, where the caller is the
 * person who answers {@code Commit? [y/N]} — that answer is the person's yes (docs/design.md#approval).
 * Thread-safe.
 */
final class Calls implements Supplier<CallContext> {
    private final AtomicReference<CallContext> running = new AtomicReference<>();

    /** The running statement's context, begun by the first call of the statement. */
    @Override
    public CallContext get() {
        return running.updateAndGet(c -> c != null
                ? c
                : CallContext.of("cli").withClient("gabysql-shell").withApproval(ApprovalPolicy.AGENT));
    }

    /** Cancels the running statement, if any; true when there was one. */
    boolean cancelRunning() {
        CallContext ctx = running.get();
        if (ctx == null) {
            return false;
        }
        ctx.cancellation().cancel();
        return true;
    }

    /** The statement is over: a Ctrl-C from now on has nothing to cancel, the next statement gets a new context. */
    void finished() {
        running.set(null);
    }
}
