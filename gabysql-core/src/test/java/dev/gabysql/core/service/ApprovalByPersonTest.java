package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approval by a person (docs/design.md#approval), against a real SQLite file: with approval human, no sequence of
 * agent calls commits anything — not the preview, not a confirm token from elsewhere, not a replayed, forged, altered
 * or foreign approval id — and a person's decision commits once, under the preview's conditions. Each case checks
 * the database afterwards.
 */
class ApprovalByPersonTest {
    static final String DB = "shop";
    static final String DELETE = "DELETE FROM items WHERE qty < 5";
    final CallContext agent = CallContext.of("mcp").withClient("agent");
    final CallContext person = CallContext.of("cli").withClient("alice");

    @TempDir
    Path tmp;

    String url;
    LocalGabyService service;

    @BeforeEach
    void open() {
        url = "jdbc:sqlite:" + TestDatabases.sqliteFile(tmp, "shop", Fixtures.sqlite());
        service = service(Duration.ofHours(1));
    }

    LocalGabyService service(Duration ttl) {
        return new LocalGabyService(
                new Catalog(List.of(
                        DatabaseConfig.of(DB, url).build(),
                        DatabaseConfig.of("other", url).build())),
                new Settings(Mode.ADMIN, Limits.DEFAULT, Duration.ofSeconds(30), tmp.resolve("audit.jsonl"))
                        .withApprovals(new Settings.Approvals(ApprovalPolicy.HUMAN, tmp.resolve("approvals"), ttl)));
    }

    @AfterEach
    void close() {
        service.close();
    }

    long rows() {
        return ((Number) TestDatabasesScalar.scalar(url, "SELECT count(*) FROM items")).longValue();
    }

    ExecuteResult preview(String sql) {
        return service.execute(agent, new ExecuteRequest(DB, sql, List.of(), null, false));
    }

    ExecuteResult status(String db, String id) {
        return service.execute(agent, new ExecuteRequest(db, null, List.of(), null, false, id));
    }

    @Test
    void aPreviewWaitsForAPersonAndGivesTheAgentNothingThatCommits() {
        long before = rows();
        ExecuteResult r = preview(DELETE);
        assertThat(r.status()).isEqualTo("awaiting_approval");
        assertThat(r.confirmToken()).isNull();
        assertThat(r.approvalId()).startsWith("apr_");
        assertThat(r.blastRadius()).isNotNull();
        assertThat(r.notes().get(0)).contains("waits for a person's approval");
        assertThat(rows()).isEqualTo(before);
        assertThat(status(DB, r.approvalId()).status()).isEqualTo("pending");
        assertThat(service.pendingWrites(person)).extracting(PendingWrite::id).containsExactly(r.approvalId());
    }

    @Test
    void noAgentCallCommits() {
        long before = rows();
        String id = preview(DELETE).approvalId();
        LocalGabyService agentMode = agentApprovedService();
        String token = agentMode
                .execute(agent, new ExecuteRequest(DB, DELETE, List.of(), null, false))
                .confirmToken();
        agentMode.close();
        List<ExecuteRequest> attempts = List.of(
                new ExecuteRequest(DB, DELETE, List.of(), token, false),
                new ExecuteRequest(DB, DELETE, List.of(), "gct2.forged.sig", false),
                new ExecuteRequest(DB, DELETE, List.of(), null, false, id),
                new ExecuteRequest(DB, DELETE, List.of(), null, false, id.substring(0, id.length() - 1) + "x"),
                new ExecuteRequest(DB, DELETE, List.of(), null, false, "apr_../../etc/passwd"),
                new ExecuteRequest("other", DELETE, List.of(), null, false, id));
        for (ExecuteRequest attempt : attempts) {
            try {
                ExecuteResult r = service.execute(agent, attempt);
                assertThat(r.status()).as(attempt.toString()).isIn("pending", "awaiting_approval");
            } catch (GabyException refused) {
                assertThat(refused.code())
                        .as(attempt.toString())
                        .isIn(ErrorCode.APPROVAL_REQUIRED, ErrorCode.APPROVAL_NOT_FOUND);
            }
            assertThat(rows()).as("after " + attempt).isEqualTo(before);
        }
    }

    @Test
    void anApprovalCommitsOnceAndTheAgentLearnsIt() {
        long before = rows();
        ExecuteResult r = preview(DELETE);
        PendingWrite done = service.decide(person, r.approvalId(), true);
        assertThat(done.state()).isEqualTo(PendingWrite.State.COMMITTED);
        assertThat(done.via()).isEqualTo("terminal");
        assertThat(done.decidedBy()).isEqualTo("alice");
        assertThat(rows()).isEqualTo(before - r.affectedRows());
        GabyException again =
                catchThrowableOfType(() -> service.decide(person, r.approvalId(), true), GabyException.class);
        assertThat(again.code()).isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(rows()).isEqualTo(before - r.affectedRows());
        ExecuteResult s = status(DB, r.approvalId());
        assertThat(s.status()).isEqualTo("committed");
        assertThat(s.affectedRows()).isEqualTo(r.affectedRows());
    }

    @Test
    void aRejectionCommitsNothing() {
        long before = rows();
        String id = preview(DELETE).approvalId();
        assertThat(service.decide(person, id, false).state()).isEqualTo(PendingWrite.State.REJECTED);
        assertThat(rows()).isEqualTo(before);
        assertThat(status(DB, id).status()).isEqualTo("rejected");
        assertThat(catchThrowableOfType(() -> service.decide(person, id, true), GabyException.class)
                        .code())
                .isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(rows()).isEqualTo(before);
    }

    @Test
    void anApprovalAfterTheDataChangedCommitsNothing() {
        String id = preview(DELETE).approvalId();
        TestDatabases.run(url, "UPDATE items SET qty = 100 WHERE id = (SELECT min(id) FROM items WHERE qty < 5)");
        TestDatabases.run(url, "UPDATE items SET qty = 0 WHERE id = (SELECT max(id) FROM items WHERE qty >= 5)");
        long before = rows();
        PendingWrite done = service.decide(person, id, true);
        assertThat(done.state()).isEqualTo(PendingWrite.State.CHANGED);
        assertThat(done.message()).contains("not the same rows");
        assertThat(rows()).isEqualTo(before);
        assertThat(status(DB, id).status()).isEqualTo("changed");
    }

    @Test
    void anExpiredWriteCannotBeApproved() {
        service.close();
        service = service(Duration.ZERO);
        long before = rows();
        String id = preview(DELETE).approvalId();
        GabyException e = catchThrowableOfType(() -> service.decide(person, id, true), GabyException.class);
        assertThat(e.code()).isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(rows()).isEqualTo(before);
        assertThat(status(DB, id).status()).isEqualTo("expired");
    }

    @Test
    void twoApproversRacingCommitOnce() throws Exception {
        long before = rows();
        ExecuteResult r = preview(DELETE);
        LocalGabyService second = service(Duration.ofHours(1)); // another process on the same store
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<PendingWrite.State>> outcomes = new ArrayList<>();
        for (LocalGabyService s : List.of(service, second)) {
            outcomes.add(pool.submit(() -> {
                go.await();
                try {
                    return s.decide(person, r.approvalId(), true).state();
                } catch (GabyException e) {
                    return null;
                }
            }));
        }
        go.countDown();
        List<PendingWrite.State> states = new ArrayList<>();
        for (Future<PendingWrite.State> f : outcomes) {
            states.add(f.get());
        }
        pool.shutdown();
        second.close();
        assertThat(states).containsExactlyInAnyOrder(PendingWrite.State.COMMITTED, null);
        assertThat(rows()).isEqualTo(before - r.affectedRows());
    }

    @Test
    void aDecisionOnAForgedOrPathLikeIdIsRefusedAndTouchesNothing() throws Exception {
        long before = rows();
        java.nio.file.Files.writeString(tmp.resolve("x.json"), "{}");
        for (String id : new String[] {"../x", "apr_../../x", "apr_" + "A".repeat(21), null}) {
            GabyException e = catchThrowableOfType(() -> service.decide(person, id, true), GabyException.class);
            assertThat(e.code()).as(String.valueOf(id)).isEqualTo(ErrorCode.APPROVAL_NOT_FOUND);
        }
        assertThat(java.nio.file.Files.readString(tmp.resolve("x.json"))).isEqualTo("{}");
        assertThat(rows()).isEqualTo(before);
    }

    @Test
    void theDatabaseListingSaysWhoApproves() {
        assertThat(service.listDatabases(agent))
                .allSatisfy(d -> assertThat(d.approval()).isEqualTo(ApprovalPolicy.HUMAN));
        assertThat(service.listDatabases(agent.withApproval(ApprovalPolicy.AGENT)))
                .allSatisfy(d -> assertThat(d.approval()).isEqualTo(ApprovalPolicy.AGENT));
    }

    @Test
    void theAuditLinksPreviewDecisionAndCommitByTheApprovalId() throws Exception {
        String id = preview(DELETE).approvalId();
        service.decide(person, id, true);
        List<String> lines = java.nio.file.Files.readAllLines(tmp.resolve("audit.jsonl"));
        assertThat(lines.stream().filter(l -> l.contains(id)))
                .anySatisfy(l -> assertThat(l).contains("awaiting_approval"))
                .anySatisfy(l -> assertThat(l).contains("\"approved\"").contains("alice"))
                .anySatisfy(l -> assertThat(l).contains("\"committed\""));
    }

    private LocalGabyService agentApprovedService() {
        return new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of(DB, url).build())),
                new Settings(Mode.ADMIN, Limits.DEFAULT, Duration.ofSeconds(30), null)
                        .withApproval(ApprovalPolicy.AGENT));
    }
}
