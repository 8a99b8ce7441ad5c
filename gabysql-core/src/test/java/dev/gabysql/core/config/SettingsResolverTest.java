package dev.gabysql.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Flag over file over environment over default, value by value. */
class SettingsResolverTest {
    private static final ConfigFile.ServerValues SILENT_FILE =
            new ConfigFile.ServerValues(null, null, null, null, null, null, null, null);
    private static final ConfigFile.ServerValues FILE = new ConfigFile.ServerValues(
            Mode.READWRITE,
            100,
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            "/var/log/file.jsonl",
            "file-key",
            Duration.ofMinutes(2),
            null);
    private static final SettingsResolver.Flags FLAGS =
            new SettingsResolver.Flags(Mode.ADMIN, 7, 3, 0, "/tmp/flag.jsonl");
    private static final Map<String, String> ENV = Map.of(SettingsResolver.CONFIRM_KEY_ENV, "env-key");

    @Test
    void withNothingGivenTheDefaultsHold() {
        Settings s = SettingsResolver.resolve(SettingsResolver.Flags.NONE, SILENT_FILE, Map.of());
        assertThat(s.mode()).isEqualTo(Mode.READONLY);
        assertThat(s.limits()).isEqualTo(Limits.DEFAULT);
        assertThat(s.schemaTtl()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.auditLog()).isEqualTo(AuditLog.defaultPath());
        assertThat(s.confirmKey()).isNull();
        assertThat(s.confirmTtl()).isEqualTo(Settings.DEFAULT_CONFIRM_TTL);
    }

    @Test
    void theFileWinsOverTheEnvironmentAndTheDefaults() {
        Settings s = SettingsResolver.resolve(SettingsResolver.Flags.NONE, FILE, ENV);
        assertThat(s.mode()).isEqualTo(Mode.READWRITE);
        assertThat(s.limits().maxRows()).isEqualTo(100);
        assertThat(s.limits().statementTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.schemaTtl()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.auditLog()).isEqualTo(Path.of("/var/log/file.jsonl"));
        assertThat(s.confirmKey()).isEqualTo("file-key");
        assertThat(s.confirmTtl()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void aFlagWinsOverTheFile() {
        Settings s = SettingsResolver.resolve(FLAGS, FILE, ENV);
        assertThat(s.mode()).isEqualTo(Mode.ADMIN);
        assertThat(s.limits().maxRows()).isEqualTo(7);
        assertThat(s.limits().statementTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(s.schemaTtl()).isEqualTo(Duration.ZERO);
        assertThat(s.auditLog()).isEqualTo(Path.of("/tmp/flag.jsonl"));
    }

    @Test
    void theEnvironmentGivesTheConfirmKeyWhenTheFileIsSilent() {
        assertThat(SettingsResolver.resolve(FLAGS, SILENT_FILE, ENV).confirmKey())
                .isEqualTo("env-key");
    }

    @Test
    void noneOrOffTurnsTheAuditLogOffAndATildeIsTheHomeDirectory() {
        assertThat(resolveAuditLog("none")).isNull();
        assertThat(resolveAuditLog("OFF")).isNull();
        assertThat(resolveAuditLog("~/a.jsonl")).isEqualTo(Path.of(System.getProperty("user.home"), "a.jsonl"));
    }

    @Test
    void aLimitBelowOneIsRefusedWhicheverLayerGaveIt() {
        SettingsResolver.Flags zeroRows = new SettingsResolver.Flags(null, 0, null, null, null);
        ConfigFile.ServerValues zeroTimeout =
                new ConfigFile.ServerValues(null, null, Duration.ZERO, null, null, null, null, null);
        for (Runnable r : new Runnable[] {
            () -> SettingsResolver.resolve(zeroRows, SILENT_FILE, Map.of()),
            () -> SettingsResolver.resolve(SettingsResolver.Flags.NONE, zeroTimeout, Map.of())
        }) {
            assertThatThrownBy(r::run)
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
        }
    }

    @Test
    void whoApprovesIsHumanByDefaultAndAFlagBeatsTheFileWhichBeatsTheEnvironment() {
        Settings.Approvals byDefault = SettingsResolver.resolve(SettingsResolver.Flags.NONE, SILENT_FILE, Map.of())
                .approvals();
        assertThat(byDefault.policy()).isEqualTo(ApprovalPolicy.HUMAN);
        assertThat(byDefault.store()).isEqualTo(Settings.Approvals.defaultStore());
        assertThat(byDefault.ttl()).isEqualTo(Settings.Approvals.DEFAULT_TTL);

        Map<String, String> envAgent = Map.of(SettingsResolver.APPROVAL_ENV, "agent");
        ConfigFile.ServerValues fileHuman = approvalFile(ApprovalPolicy.HUMAN, Duration.ofMinutes(7), "~/file-dir");
        ConfigFile.ServerValues fileAgent = approvalFile(ApprovalPolicy.AGENT, null, null);
        SettingsResolver.Flags flagHuman =
                new SettingsResolver.Flags(null, null, null, null, null, ApprovalPolicy.HUMAN, "/tmp/flag-dir");

        assertThat(approvals(SettingsResolver.Flags.NONE, SILENT_FILE, envAgent).policy())
                .isEqualTo(ApprovalPolicy.AGENT);
        Settings.Approvals fromFile = approvals(SettingsResolver.Flags.NONE, fileHuman, envAgent);
        assertThat(fromFile.policy()).isEqualTo(ApprovalPolicy.HUMAN);
        assertThat(fromFile.ttl()).isEqualTo(Duration.ofMinutes(7));
        assertThat(fromFile.store()).isEqualTo(Path.of(System.getProperty("user.home"), "file-dir"));
        Settings.Approvals fromFlag = approvals(flagHuman, fileAgent, envAgent);
        assertThat(fromFlag.policy()).isEqualTo(ApprovalPolicy.HUMAN);
        assertThat(fromFlag.store()).isEqualTo(Path.of("/tmp/flag-dir"));
        assertThat(approvals(SettingsResolver.Flags.NONE, fileAgent, Map.of()).policy())
                .isEqualTo(ApprovalPolicy.AGENT);
    }

    @Test
    void anUnknownApprovalInTheEnvironmentIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> SettingsResolver.resolve(
                        SettingsResolver.Flags.NONE, SILENT_FILE, Map.of(SettingsResolver.APPROVAL_ENV, "yes")))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                    assertThat(e.getMessage()).contains(SettingsResolver.APPROVAL_ENV, "`yes`");
                    assertThat(e.hint()).contains("human", "agent");
                });
    }

    @Test
    void theToolsOfAFlagBeatTheFileWhichBeatsTheEnvironment() {
        ConfigFile.ServerValues file = new ConfigFile.ServerValues(
                null, null, null, null, null, null, null, null, null, null, null, List.of("gabysql_query"), null);
        Map<String, String> env = Map.of(SettingsResolver.TOOLS_ENV, "minimal, explain");
        assertThat(SettingsResolver.tools(null, SILENT_FILE, Map.of())).isNull();
        assertThat(SettingsResolver.tools(null, SILENT_FILE, Map.of(SettingsResolver.TOOLS_ENV, " ")))
                .isNull();
        assertThat(SettingsResolver.tools(null, SILENT_FILE, env)).containsExactly("minimal", " explain");
        assertThat(SettingsResolver.tools(null, file, env)).containsExactly("gabysql_query");
        assertThat(SettingsResolver.tools(List.of("all"), file, env)).containsExactly("all");
    }

    @Test
    void theStateDatabaseIsTheFlagsElseTheFilesElseTheEnvironmentsElseNone() {
        ConfigFile.ServerValues file = new ConfigFile.ServerValues(
                null, null, null, null, null, null, null, null, null, null, null, null, "file");
        SettingsResolver.Flags flag = new SettingsResolver.Flags(null, null, null, null, null, null, null, "flag");
        Map<String, String> env = Map.of(SettingsResolver.STATE_ENV, "env");

        assertThat(SettingsResolver.resolve(flag, file, env).state()).isEqualTo("flag");
        assertThat(SettingsResolver.resolve(SettingsResolver.Flags.NONE, file, env)
                        .state())
                .isEqualTo("file");
        assertThat(SettingsResolver.resolve(SettingsResolver.Flags.NONE, SILENT_FILE, env)
                        .state())
                .isEqualTo("env");
        assertThat(SettingsResolver.resolve(SettingsResolver.Flags.NONE, SILENT_FILE, Map.of())
                        .state())
                .isNull();
        assertThat(SettingsResolver.resolve(
                                SettingsResolver.Flags.NONE, SILENT_FILE, Map.of(SettingsResolver.STATE_ENV, " "))
                        .state())
                .isNull();
    }

    private static ConfigFile.ServerValues approvalFile(ApprovalPolicy p, Duration ttl, String dir) {
        return new ConfigFile.ServerValues(null, null, null, null, null, null, null, null, p, ttl, dir);
    }

    private static Settings.Approvals approvals(
            SettingsResolver.Flags flags, ConfigFile.ServerValues file, Map<String, String> env) {
        return SettingsResolver.resolve(flags, file, env).approvals();
    }

    private static Path resolveAuditLog(String flag) {
        return SettingsResolver.resolve(new SettingsResolver.Flags(null, null, null, null, flag), SILENT_FILE, Map.of())
                .auditLog();
    }
}
