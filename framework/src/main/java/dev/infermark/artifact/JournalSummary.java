package dev.infermark.artifact;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.result.AiperfJson;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * The summary of a run that never wrote one (its process was killed or crashed, or its disk filled
 * before the end): {@code profile_export_aiperf.json}'s tree, computed from the journal
 * ({@code profile_export.jsonl}, read back by {@link ExportedRecords}, its torn last line skipped) by
 * the {@link RunRecorder} and the layout ({@link AiperfJson}) a finished run is summarised with, the
 * run's identity and settings from {@code run_start.json} ({@link RunStart}). It is stamped partial:
 * {@code is_complete: false}, {@code incomplete_reason: "ended_without_summary"}, a
 * {@code metadata.failure} saying what was rebuilt, {@code run_incomplete} among the verdict's
 * reasons; the client's self-check is absent (the process that measured it is gone). Nothing is
 * written into the folder.
 */
public final class JournalSummary {
  /** The {@code incomplete_reason} of a rebuilt summary. */
  public static final String REASON = "ended_without_summary";

  /**
   * A rebuilt summary.
   *
   * @param summary {@code profile_export_aiperf.json}'s tree
   * @param records the journal's whole lines, every one a request that completed before the end
   * @param skipped the torn last line, when there was one
   * @param warning one line for the reader's user: what happened and what was rebuilt
   */
  public record Rebuilt(ObjectNode summary, long records, JsonLines.Skipped skipped, String warning) {}

  private JournalSummary() {}

  /** Whether {@code dir} holds a journal but no summary: a run that ended without writing it. */
  public static boolean applies(Path dir) {
    return !Files.exists(dir.resolve(RunRecorder.JSON)) && Files.isRegularFile(dir.resolve(RunRecorder.JSONL));
  }

  /**
   * Rebuilds the summary of the run in {@code dir}.
   *
   * @throws java.io.UncheckedIOException naming the journal and the line, when a line before its last is not a record
   * @throws IllegalArgumentException naming {@code run_start.json} when it is unreadable
   */
  public static Rebuilt of(Path dir) {
    Optional<RunStart> start = RunStart.read(dir);
    Settings settings = start.map(s -> RunStart.settings(s.json().path("input_config"))).orElse(Settings.empty());
    RunRecorder recorder = RunRecorder.measuring(settings);
    long[] records = {0};
    JsonLines.Skipped skipped = ExportedRecords.read(dir.resolve(RunRecorder.JSONL), JsonLines.Policy.TORN_TAIL, r -> {
      recorder.accept(r);
      records[0]++;
    });
    String warning = "the run ended without writing its summary (its process was killed or crashed, or its disk filled): "
        + "summary rebuilt from " + RunRecorder.JSONL + ", " + records[0] + " request(s) that completed before the end"
        + (skipped.lines() > 0 ? " (its torn last line skipped)" : "")
        + (start.isEmpty() ? "; " + RunStart.FILE + " is absent, so the run's settings and id are unknown" : "");
    ObjectNode extras = Json.object();
    extras.put("is_complete", false);
    extras.put("incomplete_reason", REASON);
    extras.withObjectProperty("metadata").put("failure", warning);
    RunInfo info = start.map(s -> s.info(extras))
        .orElseGet(() -> new RunInfo(null, null, 0, Map.of(), Optional.empty(), false, null, null, extras, 0));
    info.verdict().ifPresent(v -> v.add(SubmissionVerdict.RUN_INCOMPLETE));
    // As the file would read: the nodes a reader of profile_export_aiperf.json gets.
    ObjectNode summary = (ObjectNode) Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(
        AiperfJson.tree(info, recorder.measured())));
    return new Rebuilt(summary, records[0], skipped, warning);
  }
}
