package dev.infermark.artifact;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Records;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import dev.infermark.testkit.Golden;
import tools.jackson.databind.node.ObjectNode;

/**
 * Pins the AIPerf files byte for byte ({@code profile_export_aiperf.json}, {@code .csv},
 * {@code profile_export.jsonl}) for the hand-made reference records: warmup and profiling, errors,
 * goodput, a verdict and methodology extras, the intended-instant latencies (a warmup record without an intended
 * instant has none). Only the client self-check (measured on this machine)
 * is masked.
 */
class AiperfGoldenTest {
  @TempDir
  Path dir;

  @Test
  void aiperfFilesAreUnchanged() throws Exception {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("url", setting("http://127.0.0.1:8000", "system_property"));
    settings.put("concurrency", setting("4", "default"));
    ObjectNode extras = (ObjectNode) Json.parse(
        "{\"branch_stats\":{\"children_spawned\":2},\"metadata\":{\"dataset\":{\"loader\":\"weka\"},\"scenario\":\"agentx\"}}");
    SubmissionVerdict verdict = new SubmissionVerdict();
    verdict.add(SubmissionVerdict.UNSAFE_OVERRIDE);
    RunInfo info = new RunInfo("golden", "bench-golden", 42L, settings, Optional.of(verdict), false,
        Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:01:00Z"), extras, 0);
    try (RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of("goodput", "time_to_first_token:250")))) {
      rec.accept(Records.ok(Phase.WARMUP, "w1", 500_000_000L, new long[] {10}, 20, 5, 5, null));
      for (RequestRecord r : Records.referenceWithIntendedInstants()) {
        rec.accept(r);
      }
      rec.finishAndWrite(info, ResultFormats.all());
    }
    String json = Files.readString(dir.resolve(RunRecorder.JSON), StandardCharsets.UTF_8);
    Golden.assertMatches("aiperf/profile_export_aiperf.json", maskSelfCheck(json));
    Golden.assertMatches("aiperf/profile_export_aiperf.csv", Files.readString(dir.resolve(RunRecorder.CSV), StandardCharsets.UTF_8));
    Golden.assertMatches("aiperf/profile_export.jsonl", Files.readString(dir.resolve(RunRecorder.JSONL), StandardCharsets.UTF_8));
  }

  @Test
  void aCancelledRunWithoutWarmupIsUnchanged() throws Exception {
    RunInfo info = new RunInfo("golden", "bench-cancelled", 7L, Map.of(), Optional.empty(), true,
        Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:01:00Z"), null, 1);
    try (RunRecorder rec = new RunRecorder(dir, Settings.empty())) {
      rec.accept(Records.reference()[0]);
      rec.accept(Records.reference()[3]);
      rec.finishAndWrite(info, ResultFormats.all());
    }
    String json = Files.readString(dir.resolve(RunRecorder.JSON), StandardCharsets.UTF_8);
    Golden.assertMatches("aiperf/cancelled_profile_export_aiperf.json", maskSelfCheck(json));
    Golden.assertMatches("aiperf/cancelled_profile_export_aiperf.csv",
        Files.readString(dir.resolve(RunRecorder.CSV), StandardCharsets.UTF_8));
  }

  private static Map<String, String> setting(String value, String source) {
    Map<String, String> m = new LinkedHashMap<>(); // Map.of iterates in a per-JVM random order
    m.put("value", value);
    m.put("source", source);
    return m;
  }

  /** The self-check's object holds this machine's measurements: keep its place, mask its content. */
  static String maskSelfCheck(String json) {
    return json.replaceAll("(\"client_self_check\" : )\\{[^}]*\\}", "$1\"<masked>\"");
  }
}
