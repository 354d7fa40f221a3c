package dev.infermark.baseline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.infermark.api.Metric;
import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * One run of any tool, as a comparison needs it: which tool made it, its scenario (ours only), its
 * settings in our names, the per-request values of each metric (successful profiling requests) and
 * the summary statistics of each trial. Reads a run folder of ours (one trial, or {@code run_N}
 * trials of {@code num-profile-runs}), an AIPerf artifact folder (the same files: AIPerf's layout is
 * ours) and a {@code vllm bench serve} result JSON (summary statistics only, mapped onto our tags by
 * {@link PeerDefinitions#vllmSummary}).
 *
 * @param path the folder or file
 * @param tool who made it
 * @param scenario the scenario's name, or {@code null} when the tool does not record one
 * @param settings the settings in our names ({@code concurrency}, {@code model}, ...), as text
 * @param samples per metric tag, every successful profiling request's value (empty for vLLM's result)
 * @param trials per trial, its summary: metric tag, then statistic ({@code avg}, {@code p50}, ...)
 */
public record ComparedRun(Path path, Tool tool, String scenario, Map<String, String> settings, Map<String, double[]> samples,
    List<Map<String, Map<String, Double>>> trials) {

  /** The tools whose results are read. */
  public enum Tool {
    INFERMARK("infermark"), AIPERF("AIPerf"), VLLM("vllm bench serve");

    private final String title;

    Tool(String title) {
      this.title = title;
    }

    public String title() {
      return title;
    }
  }

  static final String SUMMARY = "profile_export_aiperf.json";
  static final String RECORDS = "profile_export.jsonl";

  /**
   * Reads {@code path}.
   *
   * @throws IllegalArgumentException naming the path when it is none of the three
   */
  public static ComparedRun read(Path path) {
    return read(path, true);
  }

  /** Which tool made {@code path}, its scenario and settings, and its summaries, without the per-request values. */
  public static ComparedRun describe(Path path) {
    return read(path, false);
  }

  private static ComparedRun read(Path path, boolean records) {
    if (Files.isRegularFile(path)) {
      JsonNode n = parse(path);
      if (!PeerDefinitions.isVllmResult(n)) {
        throw new IllegalArgumentException(path + " is not a vllm bench serve result (no mean_ttft_ms, duration or "
            + "completed): compare reads run folders and vllm bench serve --save-result JSON files");
      }
      return new ComparedRun(path, Tool.VLLM, null, PeerDefinitions.vllmSettings(n), vllmSamples(n),
          List.of(flatten(PeerDefinitions.vllmSummary(n))));
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException("no such run folder or file: " + path);
    }
    List<Path> trialDirs = Files.exists(path.resolve(SUMMARY)) || Files.exists(path.resolve(RECORDS)) ? List.of(path)
        : trialFolders(path);
    if (trialDirs.isEmpty()) {
      throw new IllegalArgumentException(path + " is not a run folder: it has no " + SUMMARY + " or " + RECORDS
          + " (nor run_1/, ... of num-profile-runs)");
    }
    Tool tool = Tool.AIPERF;
    String scenario = null;
    Map<String, String> settings = new TreeMap<>();
    List<Map<String, Map<String, Double>>> trials = new ArrayList<>();
    Map<String, List<Double>> pooled = new LinkedHashMap<>();
    for (Path dir : trialDirs) {
      JsonNode summary = Files.exists(dir.resolve(SUMMARY)) ? parse(dir.resolve(SUMMARY)) : null;
      if (summary != null) {
        if ("infermark".equals(summary.path("producer").asString(""))) {
          tool = Tool.INFERMARK;
          scenario = summary.path("run_info").path("scenario").asString(null);
          summary.path("input_config").properties().forEach(e -> {
            if (e.getKey().startsWith("infermark.")) {
              settings.put(e.getKey().substring("infermark.".length()), e.getValue().path("value").asString(""));
            }
          });
        } else {
          settings.putAll(PeerDefinitions.aiperfSettings(summary.path("input_config")));
        }
        trials.add(flatten(summary));
      }
      if (records && Files.exists(dir.resolve(RECORDS))) {
        readRecords(dir.resolve(RECORDS), pooled);
      }
    }
    Map<String, double[]> samples = new LinkedHashMap<>();
    pooled.forEach((tag, v) -> samples.put(tag, v.stream().mapToDouble(Double::doubleValue).toArray()));
    return new ComparedRun(path, tool, scenario, settings, samples, trials);
  }

  /** A metric's per-request values, empty when none were recorded. */
  public double[] samples(String tag) {
    return samples.getOrDefault(tag, new double[0]);
  }

  /** A statistic of each trial's summary that has it. */
  public double[] trialValues(String tag, String stat) {
    return trials.stream().map(t -> t.getOrDefault(tag, Map.of()).get(stat)).filter(v -> v != null && Double.isFinite(v))
        .mapToDouble(Double::doubleValue).toArray();
  }

  /** The label a comparison shows: the folder's (or file's) name and the tool when not ours. */
  public String label() {
    return path.getFileName() + (tool == Tool.INFERMARK ? "" : " (" + tool.title() + ")");
  }

  private static List<Path> trialFolders(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("run_\\d+")
          && Files.exists(p.resolve(SUMMARY))).sorted((a, b) -> Integer.compare(trialNumber(a), trialNumber(b))).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
    }
  }

  private static int trialNumber(Path p) {
    return Integer.parseInt(p.getFileName().toString().substring("run_".length()));
  }

  /** Successful profiling requests' metric values ({@code metrics.<tag>.value} numbers), added per tag. */
  private static void readRecords(Path file, Map<String, List<Double>> out) {
    JsonLines.read(file, JsonLines.Policy.TOLERANT, row -> {
      JsonNode md = row.path("metadata");
      boolean ok = row.path("error").isNull() || row.path("error").isMissingNode();
      if (!"profiling".equals(md.path("benchmark_phase").asString("")) || !ok || md.path("was_cancelled").asBoolean(false)) {
        return;
      }
      row.path("metrics").properties().forEach(e -> {
        JsonNode v = e.getValue().path("value");
        if (v.isNumber()) {
          out.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(v.asDouble());
        }
      });
    });
  }

  /** An AIPerf-layout summary as tag, then statistic, then value (numbers only). */
  static Map<String, Map<String, Double>> flatten(JsonNode summary) {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = summary.properties().iterator(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isObject() || !e.getValue().has("unit")) {
        continue;
      }
      Map<String, Double> stats = new LinkedHashMap<>();
      e.getValue().properties().forEach(s -> {
        if (s.getValue().isNumber()) {
          stats.put(s.getKey(), s.getValue().asDouble());
        }
      });
      out.put(e.getKey(), stats);
    }
    return out;
  }

  private static Map<String, double[]> vllmSamples(JsonNode n) {
    Map<String, double[]> out = new LinkedHashMap<>();
    // --save-detailed results carry per-request lists (seconds)
    if (n.path("ttfts").isArray()) {
      out.put(Metric.TIME_TO_FIRST_TOKEN.tag(), seconds(n.path("ttfts")));
    }
    return out;
  }

  private static double[] seconds(JsonNode array) {
    List<Double> v = new ArrayList<>();
    array.forEach(x -> {
      if (x.isNumber() && x.asDouble() > 0) {
        v.add(x.asDouble() * 1000);
      }
    });
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  static JsonNode parse(Path file) {
    try {
      return Json.MAPPER.readTree(file.toFile());
    } catch (JacksonException e) {
      throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }
}
