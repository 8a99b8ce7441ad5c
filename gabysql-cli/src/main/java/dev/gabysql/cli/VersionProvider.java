package dev.gabysql.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code gabysql --version}: the version from the jar manifest ("dev" when run from classes) and the Java runtime. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            "gabysql " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }

    /** The version of the running gabysql, e.g. "0.1.0-SNAPSHOT". */
    public static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
