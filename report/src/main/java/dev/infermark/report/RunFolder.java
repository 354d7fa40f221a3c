package dev.infermark.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.artifact.JournalSummary;
import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A run folder as it lies on disk, read tolerantly: every file is optional, a malformed line or
 * file is skipped with a note naming it, and whatever was readable is shown.
 *
 * @param summary {@code profile_export_aiperf.json}, or {@code null}
 * @param rows the requests of {@code profile_export.jsonl}, warmup included (tagged)
 * @param tokenTicks output tokens of profiling requests by arrival, per {@link #TICK_NS} tick of
 *     wall-clock time: each chunk's tokens at the chunk's arrival (first token + inter-chunk
 *     latencies), or spread evenly from first token to end when chunks were not recorded
 * @param agentperf {@code agentperf_results.json}, or {@code null}
 * @param accuracy the rows of {@code accuracy_results.csv}, or {@code null}
 * @param sloResults the run's SLO verdicts ({@code slo_results}), or {@code null}
 * @param serverMetrics {@code server_metrics_export.json}, or {@code null}
 * @param notes what was absent or unreadable, for the report's footnotes
 */
record RunFolder(Path dir, JsonNode summary, List<Row> rows, Map<Long, Double> tokenTicks, JsonNode agentperf,
    List<AccuracyRow> accuracy, JsonNode sloResults, JsonNode serverMetrics, List<String> notes) {

  static final long TICK_NS = 10_000_000L;
  static final String PROFILE_JSON = "profile_export_aiperf.json";
  static final String PROFILE_JSONL = "profile_export.jsonl";
  static final String AGENTPERF = "agentperf_results.json";
  static final String ACCURACY = "accuracy_results.csv";
  static final String SLO_RESULTS = "slo_results.json";
  static final String SERVER_METRICS = "server_metrics_export.json";

  /** One row of {@code accuracy_results.csv}; {@code OVERALL} is the total. */
  record AccuracyRow(String task, long total, long passed, long unparsed, double accuracyRate, double unparsedRate) {}

  static RunFolder read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("not a run folder (no such directory): " + dir);
    }
    List<String> notes = new ArrayList<>();
    JsonNode summary = JournalSummary.applies(dir) ? rebuilt(dir, notes) : readJson(dir.resolve(PROFILE_JSON), notes);
    List<Row> rows = new ArrayList<>();
    Map<Long, Double> ticks = new HashMap<>();
    readRows(dir.resolve(PROFILE_JSONL), rows, ticks, notes);
    if (summary == null && rows.isEmpty() && !Files.exists(dir.resolve(AGENTPERF)) && !Files.exists(dir.resolve(ACCURACY))) {
      throw new IllegalArgumentException("not a run folder (none of " + PROFILE_JSON + ", " + PROFILE_JSONL + ", "
          + AGENTPERF + ", " + ACCURACY + " is readable): " + dir);
    }
    JsonNode agentperf = Files.exists(dir.resolve(AGENTPERF)) ? readJson(dir.resolve(AGENTPERF), notes) : null;
    List<AccuracyRow> accuracy = Files.exists(dir.resolve(ACCURACY)) ? readAccuracy(dir.resolve(ACCURACY), notes) : null;
    JsonNode slo = null;
    if (summary != null && summary.has("slo_results")) {
      slo = summary.get("slo_results");
    } else if (Files.exists(dir.resolve(SLO_RESULTS))) {
      JsonNode f = readJson(dir.resolve(SLO_RESULTS), notes);
      slo = f != null && f.has("slo_results") ? f.get("slo_results") : f;
    }
    JsonNode server = Files.exists(dir.resolve(SERVER_METRICS)) ? readJson(dir.resolve(SERVER_METRICS), notes) : null;
    return new RunFolder(dir, summary, rows, ticks, agentperf, accuracy, slo, server, notes);
  }

  /**
   * The summary of a run that never wrote one (killed, crashed), rebuilt from its journal by the
   * framework's own recorder; {@code null} with a note when the journal is not one.
   */
  private static JsonNode rebuilt(Path dir, List<String> notes) {
    try {
      JournalSummary.Rebuilt r = JournalSummary.of(dir);
      notes.add(PROFILE_JSON + " is absent: " + r.warning());
      return r.summary();
    } catch (IllegalArgumentException | UncheckedIOException e) {
      notes.add(PROFILE_JSON + " is absent and cannot be rebuilt from " + PROFILE_JSONL + " (" + firstLine(e.getMessage())
          + ")");
      return null;
    }
  }

  private static JsonNode readJson(Path file, List<String> notes) {
    if (!Files.exists(file)) {
      notes.add(file.getFileName() + " is absent");
      return null;
    }
    try {
      JsonNode n = Json.MAPPER.readTree(file.toFile());
      if (n == null || !n.isObject() && !n.isArray()) {
        notes.add(file.getFileName() + " holds no JSON object; skipped");
        return null;
      }
      return n;
    } catch (JacksonException e) {
      notes.add(file.getFileName() + " is not valid JSON (" + firstLine(e.getOriginalMessage()) + "); skipped");
      return null;
    }
  }

  private static void readRows(Path file, List<Row> rows, Map<Long, Double> ticks, List<String> notes) {
    if (!Files.exists(file)) {
      notes.add(PROFILE_JSONL + " is absent: no per-request plots");
      return;
    }
    JsonLines.Skipped skipped = JsonLines.read(file, JsonLines.Policy.TOLERANT, node -> {
      if (!node.isObject()) {
        throw new IllegalArgumentException("not a JSON object");
      }
      rows.add(RowReader.row(node, ticks));
    });
    if (skipped.lines() > 0) {
      notes.add(skipped.note(PROFILE_JSONL));
    }
  }

  private static List<AccuracyRow> readAccuracy(Path file, List<String> notes) {
    List<AccuracyRow> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 1; i < lines.size(); i++) {
        String l = lines.get(i).strip();
        if (l.isEmpty()) {
          continue;
        }
        // The task is the only field that can hold a comma (then quoted); the five numbers never do.
        int cut = lastComma(l, 5);
        try {
          if (cut <= 0) {
            throw new IllegalArgumentException("expected task,total,passed,unparsed,accuracy_rate,unparsed_rate");
          }
          String task = l.substring(0, cut);
          if (task.length() >= 2 && task.startsWith("\"") && task.endsWith("\"")) {
            task = task.substring(1, task.length() - 1).replace("\"\"", "\"");
          }
          String[] f = l.substring(cut + 1).split(",");
          out.add(new AccuracyRow(task, Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
              Double.parseDouble(f[3]), Double.parseDouble(f[4])));
        } catch (RuntimeException e) {
          notes.add(ACCURACY + ": line " + (i + 1) + " unreadable (" + e.getMessage() + "); skipped");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return out;
  }

  /** The index of the k-th comma from the end of the line (k = 1 is the last), or -1. */
  private static int lastComma(String l, int k) {
    int i = l.length();
    for (int j = 0; j < k; j++) {
      i = l.lastIndexOf(',', i - 1);
      if (i < 0) {
        return -1;
      }
    }
    return i;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
