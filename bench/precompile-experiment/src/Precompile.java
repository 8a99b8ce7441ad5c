import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import sun.hotspot.WhiteBox;

/**
 * Starts gabysql after asking HotSpot, on a background thread, to compile (C1, level 1) every method named in the
 * file of -Dprecompile.list ("package.Class::method" lines, as -XX:+PrintCompilation prints them) before it runs.
 * An experiment (docs/benchmarks.md, issue 7, tenth session); not part of gabysql.
 */
public final class Precompile {
    private Precompile() {
    }

    public static void main(String[] args) throws Exception {
        String list = System.getProperty("precompile.list");
        if (list != null && !list.equals("none")) {
            Thread t = new Thread(() -> enqueue(Path.of(list)), "precompile");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
        dev.gabysql.cli.Main.main(args);
    }

    private static void enqueue(Path list) {
        long start = System.nanoTime();
        int queued = 0;
        int missing = 0;
        Map<String, Class<?>> classes = new HashMap<>();
        Map<Class<?>, Method[]> methods = new HashMap<>();
        try {
            for (String line : Files.readAllLines(list)) {
                int sep = line.indexOf("::");
                String className = sep < 0 ? "" : line.substring(0, sep);
                String name = sep < 0 ? "" : line.substring(sep + 2);
                Class<?> c = classes.computeIfAbsent(className, Precompile::load);
                if (c == null || name.equals("<clinit>")) {
                    missing++;
                    continue;
                }
                for (Executable m : named(c, name, methods)) {
                    int mod = m.getModifiers();
                    if (!Modifier.isAbstract(mod) && !Modifier.isNative(mod) && !WhiteBox.WB.isMethodCompiled0(m, false)
                            && WhiteBox.WB.enqueueMethodForCompilation0(m, 1, -1)) {
                        queued++;
                    }
                }
            }
        } catch (Exception | LinkageError e) {
            System.err.println("precompile: " + e);
        }
        System.err.printf("precompile: %d methods queued, %d names not found, %.1f ms%n", queued, missing,
                (System.nanoTime() - start) / 1e6);
    }

    private static Class<?> load(String name) {
        try {
            return name.isEmpty() || name.contains("/") ? null : Class.forName(name, false,
                    Precompile.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static List<Executable> named(Class<?> c, String name, Map<Class<?>, Method[]> methods) {
        try {
            if (name.equals("<init>")) {
                return Arrays.asList(c.getDeclaredConstructors());
            }
            List<Executable> found = new ArrayList<>();
            for (Method m : methods.computeIfAbsent(c, Class::getDeclaredMethods)) {
                if (m.getName().equals(name)) {
                    found.add(m);
                }
            }
            return found;
        } catch (LinkageError e) {
            return List.of();
        }
    }
}
