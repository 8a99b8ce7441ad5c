package dev.gabysql.cli;

import dev.gabysql.cli.run.Version;
import picocli.CommandLine.IVersionProvider;

/** {@code gabysql --version}: the version from the jar manifest ("dev" when run from classes) and the Java runtime. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            "gabysql " + Version.current(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
