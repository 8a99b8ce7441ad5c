package dev.gabysql.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version from the jar manifest (falls back to "dev" when run from classes). */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"gabysql " + version(), "Java " + System.getProperty("java.version")};
    }

    /** gabysql's version from the jar manifest, or "dev". */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
