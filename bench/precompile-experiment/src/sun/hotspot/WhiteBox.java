package sun.hotspot;

import java.lang.reflect.Executable;

/**
 * The two natives of HotSpot's testing interface (-XX:+WhiteBoxAPI) the experiment uses. HotSpot binds them when
 * this class is loaded from the boot class path; for every other native of its table that this class does not
 * declare, it prints a warning on the VM's output (hence -XX:+DisplayVMOutputToStderr in run.sh).
 */
public final class WhiteBox {
    public static final WhiteBox WB = new WhiteBox();

    private static native void registerNatives();

    static {
        registerNatives();
    }

    private WhiteBox() {
    }

    public native boolean enqueueMethodForCompilation0(Executable method, int level, int bci);

    public native boolean isMethodCompiled0(Executable method, boolean isOsr);

    public native int getCompileQueueSize(int level);
}
