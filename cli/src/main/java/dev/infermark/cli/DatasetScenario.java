package dev.infermark.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.format.TraceKeys;

/**
 * The scenario a dataset on the command line implies when {@code --scenario} is not given, as {@code aiperf profile}
 * replays a trace it is given: {@value #TRACE_REPLAY} for {@code --fixed-schedule}, or an {@code --input-file} whose
 * format (named by {@code --custom-dataset-type}, or detected) holds recorded requests (a trace: Mooncake, BurstGPT,
 * Weka, request bodies); none for a conversation file ({@code single_turn}, {@code multi_turn}, {@code sharegpt}),
 * which a chat workload plays.
 */
final class DatasetScenario {
  static final String TRACE_REPLAY = "trace-replay";

  private DatasetScenario() {}

  /** The scenario the settings' dataset implies, or {@code null}. */
  static String implied(Map<String, String> settings) {
    if (settings.containsKey(TraceKeys.FIXED_SCHEDULE.name())
        && SettingKey.truth(settings.get(TraceKeys.FIXED_SCHEDULE.name())).orElse(false)) {
      return TRACE_REPLAY;
    }
    String input = settings.get(dev.infermark.settings.Keys.INPUT_FILE.name());
    if (input == null || input.isBlank() || !Files.exists(Path.of(input.strip()))) {
      return null;
    }
    try {
      return TraceFormats.of(Settings.of(settings), new TraceFile(Path.of(input.strip()))).conversations() ? null
          : TRACE_REPLAY;
    } catch (IllegalArgumentException unknown) {
      return null; // the scenario that reads it says what is wrong, with the whole message
    }
  }
}
