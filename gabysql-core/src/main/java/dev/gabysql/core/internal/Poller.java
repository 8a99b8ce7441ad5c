package dev.gabysql.core.internal;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

/**
 * A daemon thread that runs a check once per period while there is work, and parks once it has had none for a
 * while, so that an idle process costs nothing. Work is announced with {@link #wake()}, which is cheap while the
 * thread polls (no system call) and unparks it only after a quiet spell.
 *
 * <p>Why: a timer task per call — a scheduled executor's queue, its locks and a wake-up of its thread —
 * costs more than the work it guards when calls are short and the JIT has not compiled the executor yet. Watching
 * with a coarse period trades the precision of a deadline (one period late at most) for calls that pay a few
 * field writes. Thread-safe.
 */
public final class Poller {
    private final String name;
    private final long periodNanos;
    private final long lingerNanos;
    private final LongPredicate check;
    private volatile long lastWake;
    private volatile boolean parked;
    private volatile Thread thread;

    /**
     * @param check called with {@link System#nanoTime()} once per period; true while there is still work to watch
     *              (the poller keeps polling), false when there is none (it parks after {@code lingerNanos})
     */
    public Poller(String name, long periodNanos, long lingerNanos, LongPredicate check) {
        this.name = name;
        this.periodNanos = periodNanos;
        this.lingerNanos = lingerNanos;
        this.check = check;
    }

    /** There is work to watch: polling goes on (or starts again). */
    public void wake() {
        lastWake = System.nanoTime();
        Thread t = thread;
        if (t == null) {
            start();
        } else if (parked) {
            parked = false;
            LockSupport.unpark(t);
        }
    }

    private synchronized void start() {
        if (thread != null) {
            return;
        }
        Thread t = new Thread(this::run, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void run() {
        while (true) {
            long now = System.nanoTime();
            boolean busy = check.test(now);
            if (busy || now - lastWake < lingerNanos) {
                LockSupport.parkNanos(periodNanos);
                continue;
            }
            parked = true;
            if (check.test(System.nanoTime())) { // work announced meanwhile must not wait for the next wake()
                parked = false;
            } else {
                LockSupport.park();
            }
        }
    }
}
