package dev.gabysql.core.service;

import dev.gabysql.core.api.ExecuteResult;
import java.util.List;

/**
 * How a preview ends (docs/design.md#approval): with a token for the caller (approval agent), or waiting for a person
 * (approval human, {@link AwaitPerson}).
 */
interface PreviewFinish {
    ExecuteResult previewed(WriteCall call, Evidence ev, WriteRun.Result run, List<String> restored);

    ExecuteResult unrehearsed(WriteCall call, List<String> why);
}
