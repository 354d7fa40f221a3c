package dev.infermark.artifact;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.result.AiperfJson;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code run_start.json}: what a run knew before its first request, in the summary's own fields
 * ({@code benchmark_id}, {@code input_config}, {@code run_info}, {@code metadata.scenario},
 * {@code metadata.shard}, the verdict as it stood), written whole beside the journal. A run that
 * never writes {@code profile_export_aiperf.json} (a killed process) has its summary rebuilt from
 * its journal with it ({@link JournalSummary}).
 *
 * @param json the file's content
 */
public record RunStart(ObjectNode json) {
  public static final String FILE = "run_start.json";

  /**
   * Writes {@code dir/run_start.json} from {@code info} (its {@code start} as {@code started_at}; of its
   * extras, {@code metadata} only).
   *
   * @throws UncheckedIOException naming the file
   */
  public static void write(Path dir, RunInfo info) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schema_version", AiperfJson.SCHEMA_VERSION);
    root.put("producer", "infermark");
    root.put("benchmark_id", info.benchmarkId());
    root.put("started_at", info.start() == null ? null : info.start().toString());
    root.put("input_config", info.settings());
    root.put("run_info", new AiperfJson.RunInfoJson(info.benchmarkId(), info.seed(), info.trial(), info.scenario()));
    Map<String, Object> md = new LinkedHashMap<>();
    md.put("scenario", info.scenario());
    info.verdict().ifPresent(v -> {
      md.put("submission_valid", v.valid());
      md.put("submission_invalid_reasons", v.reasons());
    });
    if (info.extras() != null && info.extras().path("metadata").isObject()) {
      info.extras().path("metadata").properties().forEach(e -> md.put(e.getKey(), e.getValue()));
    }
    root.put("metadata", md);
    Path file = dir.resolve(FILE);
    try {
      AtomicFile.write(file, out -> Json.PRETTY.writeValue(out, root));
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  /**
   * {@code dir/run_start.json}, if there is one.
   *
   * @throws IllegalArgumentException naming the file when it is not a JSON object
   */
  public static Optional<RunStart> read(Path dir) {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode n = Json.MAPPER.readTree(file.toFile());
      if (!(n instanceof ObjectNode o)) {
        throw new IllegalArgumentException(file + ": not a JSON object");
      }
      return Optional.of(new RunStart(o));
    } catch (JacksonException e) {
      throw new IllegalArgumentException(file + ": " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The settings an {@code input_config} holds ({@code infermark.NAME: {value, source}}), as texts by
   * name: what a summary computed again from the records is computed with (goodput, result formats).
   */
  public static Settings settings(JsonNode inputConfig) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : inputConfig.properties()) {
      String name = e.getKey().startsWith("infermark.") ? e.getKey().substring("infermark.".length()) : e.getKey();
      JsonNode v = e.getValue().get("value");
      if (v != null && !v.isNull()) {
        values.put(name, v.asString());
      }
    }
    return Settings.of(values);
  }

  /** The run as its start saw it: not cancelled, not ended, its {@code metadata} (the shard) as extras. */
  public RunInfo info(ObjectNode extras) {
    JsonNode md = json.path("metadata");
    Optional<SubmissionVerdict> verdict = Optional.empty();
    if (md.has("submission_valid")) {
      SubmissionVerdict v = new SubmissionVerdict();
      md.path("submission_invalid_reasons").forEach(r -> v.add(r.asString()));
      verdict = Optional.of(v);
    }
    ObjectNode own = extras.withObjectProperty("metadata");
    for (Map.Entry<String, JsonNode> e : md.properties()) {
      if (!List.of("scenario", "submission_valid", "submission_invalid_reasons").contains(e.getKey())
          && !own.has(e.getKey())) {
        own.set(e.getKey(), e.getValue());
      }
    }
    String started = json.path("started_at").asString(null);
    Map<String, Object> settings = Json.MAPPER.convertValue(json.path("input_config"), Map.class);
    return new RunInfo(json.path("run_info").path("scenario").asString(null), json.path("benchmark_id").asString(null),
        json.path("run_info").path("random_seed").asLong(), settings, verdict, false,
        started == null ? null : Instant.parse(started), null, extras, json.path("run_info").path("trial").asInt());
  }
}
