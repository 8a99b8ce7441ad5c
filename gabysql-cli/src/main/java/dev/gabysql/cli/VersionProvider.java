package dev.gabysql.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version from the jar manifest (falls back to "dev" when run from classes). */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"gabysql " + (v == null ? "dev" : v), "Java " + System.getProperty("java.version")};
    }
}
