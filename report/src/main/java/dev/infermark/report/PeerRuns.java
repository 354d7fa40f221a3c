package dev.infermark.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import dev.infermark.baseline.ComparedRun;
import dev.infermark.baseline.PeerDefinitions;
import dev.infermark.baseline.RegressionGate;
import dev.infermark.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The other tools' results a comparison reads beside ours: an AIPerf artifact folder is a run folder
 * ({@link RunFolder} reads it as ours), a {@code vllm bench serve} result JSON becomes a run folder
 * with its summary in our layout and no per-request rows. The comparison's {@code peers} section
 * says which tool made each run, the settings each recorded, where the tools' definitions of the
 * lined-up metrics differ ({@link PeerDefinitions}), and each run's regression gate
 * ({@code regression.json}) when it has one.
 */
final class PeerRuns {
  private PeerRuns() {}

  /** A run folder, or a vLLM bench result file as one. */
  static RunFolder read(Path path) {
    if (!Files.isRegularFile(path)) {
      return RunFolder.read(path);
    }
    JsonNode n;
    try {
      n = Json.MAPPER.readTree(path.toFile());
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not a run folder or a vllm bench result (invalid JSON): " + path);
    }
    if (!PeerDefinitions.isVllmResult(n)) {
      throw new IllegalArgumentException("not a run folder or a vllm bench serve result JSON: " + path);
    }
    ObjectNode summary = PeerDefinitions.vllmSummary(n);
    ObjectNode endpoint = summary.putObject("input_config").putObject("endpoint");
    endpoint.putArray("model_names").add(n.path("model_id").asString("?"));
    endpoint.put("url", "not recorded by vllm bench");
    return new RunFolder(path, summary, List.of(), new HashMap<>(), null, null, null, null,
        List.of("a vllm bench serve result: summary statistics only (no per-request records, so no distributions or "
            + "timeline); its TPOT is lined up as inter_token_latency and its ITL as inter_chunk_latency"));
  }

  /** The comparison's {@code peers} section for {@code paths} (in the comparison's order) with their labels. */
  static ObjectNode model(List<Path> paths, List<String> labels) {
    ObjectNode o = Json.object();
    ArrayNode runs = o.putArray("runs");
    List<ComparedRun.Tool> tools = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      ObjectNode r = runs.addObject();
      r.put("label", labels.get(i));
      try {
        ComparedRun c = ComparedRun.describe(paths.get(i));
        tools.add(c.tool());
        r.put("tool", c.tool().title());
        ObjectNode s = r.putObject("settings");
        for (String k : List.of("model", "endpoint-type", "streaming", "concurrency", "request-rate", "request-count",
            "benchmark-duration")) {
          if (c.settings().containsKey(k)) {
            s.put(k, c.settings().get(k));
          }
        }
      } catch (RuntimeException e) {
        r.put("tool", "?");
        r.put("note", e.getMessage());
      }
      Path gate = paths.get(i).resolve(RegressionGate.FILE);
      if (Files.isDirectory(paths.get(i)) && Files.isRegularFile(gate)) {
        try {
          r.set("regression", Json.MAPPER.readTree(gate.toFile()));
        } catch (JacksonException e) {
          r.put("note", RegressionGate.FILE + " is not valid JSON; skipped");
        }
      }
    }
    boolean aiperf = tools.contains(ComparedRun.Tool.AIPERF);
    boolean vllm = tools.contains(ComparedRun.Tool.VLLM);
    o.put("aiperf", aiperf);
    o.put("vllm", vllm);
    ArrayNode defs = o.putArray("definitions");
    for (PeerDefinitions.Definition d : PeerDefinitions.DEFINITIONS) {
      ObjectNode x = defs.addObject();
      x.put("metric", d.tag());
      x.put("infermark", d.ours());
      if (aiperf) {
        x.put("aiperf", d.aiperf() == null ? "the same" : d.aiperf());
        x.put("aiperf_same", d.aiperf() == null);
      }
      if (vllm) {
        x.put("vllm", d.vllm() == null ? "no counterpart" : d.vllm());
        x.put("vllm_same", d.vllmSame());
      }
    }
    return o;
  }
}
