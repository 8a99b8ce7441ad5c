package dev.gabysql.cli.run;

/** The version of the running gabysql, shown by {@code --version}, the shell's greeting and the servers. */
public final class Version {
    private Version() {}

    /** E.g. "0.1.0-SNAPSHOT", from the jar manifest; "dev" when run from classes. */
    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
