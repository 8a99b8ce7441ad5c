package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.error.ErrorCode;
import org.junit.jupiter.api.Test;

/**
 * Requests waiting for answers hold at most the budget; one request always fits when nothing waits; what the SDK
 * answers is given back by id, whichever way Jackson read the id.
 */
final class PendingRequestsTest {

    @Test
    void chargesUntilTheBudgetIsFullThenRefusesUntilAnswersGiveBack() {
        PendingRequests pending = new PendingRequests(10_000);
        assertThat(pending.charge(6_000)).isTrue();
        assertThat(pending.charge(3_000)).isTrue();
        assertThat(pending.charge(2_000)).as("6,000 + 3,000 + 2,000 > 10,000").isFalse();
        assertThat(pending.held()).isEqualTo(9_000);
        pending.discharge(6_000);
        assertThat(pending.charge(2_000)).isTrue();
        assertThat(pending.held()).isEqualTo(5_000);
    }

    @Test
    void oneRequestLargerThanTheBudgetFitsWhenNothingElseWaits() {
        PendingRequests pending = new PendingRequests(1_000_000);
        assertThat(pending.charge(5_000_000)).isTrue();
        assertThat(pending.charge(10)).isFalse();
        pending.discharge(5_000_000);
        assertThat(pending.held()).isZero();
    }

    @Test
    void aSmallRequestCostsTheLeastCharge() {
        PendingRequests pending = new PendingRequests(3 * PendingRequests.MIN_CHARGE);
        for (int i = 0; i < 3; i++) {
            assertThat(pending.charge(10)).isTrue();
        }
        assertThat(pending.charge(10))
                .as("the count of small requests is bounded too")
                .isFalse();
        pending.discharge(10);
        assertThat(pending.held()).isEqualTo(2L * PendingRequests.MIN_CHARGE);
    }

    @Test
    void whatTheSdkAnswersIsGivenBackByIdReadEitherWay() {
        PendingRequests pending = new PendingRequests(1_000_000);
        assertThat(pending.chargeForSdk(7, 50_000)).isTrue();
        assertThat(pending.chargeForSdk("a", 50_000)).isTrue();
        pending.answered(7L); // the SDK's response may carry the id as a Long
        assertThat(pending.held()).isEqualTo(50_000);
        pending.answered("a");
        pending.answered("a"); // a second response (or an id never charged) gives nothing back
        pending.answered(null);
        assertThat(pending.held()).isZero();
    }

    @Test
    void aRefusalSaysWhatIsHeldAndWhatToDo() {
        PendingRequests pending = new PendingRequests(8L << 20);
        pending.charge(5 << 20);
        assertThat(pending.refusal(4 << 20)).satisfies(e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.OVER_CAPACITY);
            assertThat(e.getMessage()).contains("5 MiB of the 8 MiB", "4194304 bytes");
            assertThat(e.hint()).contains("Wait for answers");
        });
    }
}
