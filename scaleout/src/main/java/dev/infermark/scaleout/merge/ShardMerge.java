package dev.infermark.scaleout.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.infermark.artifact.ExportedRecords;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.artifact.RunStart;
import dev.infermark.files.AtomicFile;
import dev.infermark.json.JsonLines;
import dev.infermark.result.ResultFormats;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Summary;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Merges the run folders of a sharded run's shards into one run folder, exactly: the records of
 * every shard are read back ({@link ExportedRecords}) and fed, in the order they ended, to the same
 * {@link RunRecorder} a single-host run writes with, so {@code profile_export.jsonl},
 * {@code profile_export_aiperf.json} and {@code .csv} are computed from the union of raw records by
 * the one metrics implementation (percentiles over all values, not averaged; inter-chunk latencies
 * from every request's own). The scenario's rules ({@link MergeRules}) decide the verdict over the
 * whole run. The times of the merged records are on the wall clock (each shard's records keep their
 * exported distances from their start), so durations and throughputs across shards are as exact as
 * the shards' clocks agree.
 */
public final class ShardMerge {
  private ShardMerge() {}

  /** What a merge wrote. */
  public record Result(Path dir, int shards, long records, List<String> consoleLines) {}

  /**
   * Merges {@code shardDirs} (each a run folder, or a folder with one run folder or {@code latest}
   * under it) into {@code out} (created; must not hold a run already).
   *
   * @throws IllegalArgumentException when the folders are not the shards of one run (different
   *     {@code benchmark_id}, scenario or shard count; an index missing or twice), naming them
   */
  public static Result merge(List<Path> shardDirs, Path out) {
    if (shardDirs.isEmpty()) {
      throw new IllegalArgumentException("merge: no shard folders given");
    }
    List<ShardFolder> shards = shardDirs.stream().map(ShardFolder::open).toList();
    check(shards);
    shards = shards.stream().sorted(Comparator.comparingInt(s -> s.shard().path("index").asInt())).toList();
    if (Files.exists(out.resolve(RunRecorder.JSON))) {
      throw new IllegalArgumentException(out + ": holds a run already (" + RunRecorder.JSON + ")");
    }
    ShardFolder first = shards.stream().filter(s -> s.rebuilt() == null).findFirst().orElse(shards.get(0));
    ObjectNode config = first.aiperf().path("input_config").isObject()
        ? ((ObjectNode) first.aiperf().path("input_config")).deepCopy() : Json.object();
    config.remove("infermark.shard-index"); // the merged run is every shard
    Map<String, Object> inputConfig = new LinkedHashMap<>();
    config.properties().forEach(e -> inputConfig.put(e.getKey(), Json.MAPPER.convertValue(e.getValue(), Object.class)));
    Settings settings = RunStart.settings(config);

    List<RequestRecord> records = new ArrayList<>();
    List<String> crashed = new ArrayList<>();
    for (ShardFolder s : shards) {
      if (s.rebuilt() == null) {
        ExportedRecords.read(s.jsonl(), records::add);
      } else {
        // A shard killed before its summary: every request it completed is a whole line of its journal.
        ExportedRecords.read(s.jsonl(), JsonLines.Policy.TORN_TAIL, records::add);
        crashed.add("shard " + s.shard().path("index").asInt(0) + " (" + s.dir() + ") ended without writing its summary: "
            + "merged the " + s.rebuilt().records() + " request(s) it completed"
            + (s.rebuilt().skipped().lines() > 0 ? " (its torn last line skipped)" : "")
            + "; the merged run is incomplete");
      }
    }
    // The order one host would have written them in: as they ended.
    records.sort(Comparator.comparingLong((RequestRecord r) -> r.endNs() > 0 ? r.endNs() : r.startNs()));
    MergeRules rules = MergeRules.of(shards);
    boolean cancelled = shards.stream().anyMatch(ShardFolder::cancelled);
    List<String> lines;
    try (RunRecorder recorder = new RunRecorder(out, settings)) {
      for (RequestRecord r : records) {
        recorder.accept(r);
        rules.accept(r);
      }
      Summary profiling = recorder.summary(Phase.PROFILING);
      ObjectNode extras = Json.object();
      Optional<SubmissionVerdict> verdict = verdict(shards, rules, settings, profiling, cancelled, extras);
      ObjectNode md = extras.withObjectProperty("metadata");
      stamp(shards, md, extras, first);
      Instant start = shards.stream().map(ShardFolder::start).filter(Objects::nonNull).min(Instant::compareTo).orElse(null);
      Instant end = shards.stream().map(ShardFolder::end).filter(Objects::nonNull).max(Instant::compareTo).orElse(null);
      // The profiling window is the shards' together (their own phase marks, not the span of records).
      extras.put("start_time", start == null ? null : start.toString());
      extras.put("end_time", end == null ? null : end.toString());
      RunInfo info = new RunInfo(first.scenario(), first.benchmarkId(), first.aiperf().path("run_info")
          .path("random_seed").asLong(), inputConfig, verdict, cancelled, start, end, extras,
          first.aiperf().path("run_info").path("trial").asInt());
      lines = new ArrayList<>(recorder.finishAndWrite(info, ResultFormats.of(settings)));
      lines.addAll(0, crashed);
      lines.add(0, "merged " + shards.size() + " shard(s), " + records.size() + " record(s)");
      verdict.ifPresent(v -> lines.add(v.toString()));
    }
    mergeInputs(shards, out.resolve(RunRecorder.INPUTS));
    lines.add("artifacts: " + out);
    return new Result(out, shards.size(), records.size(), lines);
  }

  private static void check(List<ShardFolder> shards) {
    Set<String> ids = new TreeSet<>();
    Set<String> scenarios = new TreeSet<>();
    Set<Integer> counts = new TreeSet<>();
    Map<Integer, Path> byIndex = new LinkedHashMap<>();
    for (ShardFolder s : shards) {
      ids.add(String.valueOf(s.benchmarkId()));
      scenarios.add(String.valueOf(s.scenario()));
      if (s.shard().isMissingNode()) {
        if (shards.size() > 1) {
          throw new IllegalArgumentException(s.dir() + ": not a shard (no metadata.shard in " + (s.rebuilt() == null
              ? RunRecorder.JSON : RunRecorder.START + ", the start of a run that ended without writing its summary") + ")");
        }
        continue;
      }
      counts.add(s.shard().path("count").asInt());
      Path dup = byIndex.put(s.shard().path("index").asInt(), s.dir());
      if (dup != null) {
        throw new IllegalArgumentException("shard " + s.shard().path("index").asInt() + " given twice: " + dup + " and "
            + s.dir());
      }
    }
    if (ids.size() > 1) {
      throw new IllegalArgumentException("not the shards of one run: benchmark_id differs " + ids
          + " (a sharded run's shards share infermark.run-id)");
    }
    if (scenarios.size() > 1) {
      throw new IllegalArgumentException("not the shards of one run: scenarios " + scenarios);
    }
    if (counts.size() > 1) {
      throw new IllegalArgumentException("not the shards of one run: shard counts " + counts);
    }
    if (!counts.isEmpty()) {
      int count = counts.iterator().next();
      List<Integer> missing = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        if (!byIndex.containsKey(i)) {
          missing.add(i);
        }
      }
      if (!missing.isEmpty()) {
        throw new IllegalArgumentException("shard(s) " + missing + " of " + count + " missing: a merge of part of a run "
            + "would not be the run");
      }
    }
  }

  /** The shards' static reasons (unsafe_override, ...), then the rules' own over the whole run. */
  private static Optional<SubmissionVerdict> verdict(List<ShardFolder> shards, MergeRules rules, Settings settings,
      Summary profiling, boolean cancelled, ObjectNode extras) {
    boolean stamped = shards.stream().anyMatch(s -> s.aiperf().path("metadata").has("submission_valid"));
    List<String> reasons = new ArrayList<>();
    for (ShardFolder s : shards) {
      for (JsonNode r : s.aiperf().path("metadata").path("submission_invalid_reasons")) {
        if (!rules.runtimeReasons().contains(r.asString())) {
          reasons.add(r.asString());
        }
      }
    }
    rules.finish(shards, settings, profiling, cancelled, reasons, extras);
    if (!stamped) {
      return Optional.empty();
    }
    SubmissionVerdict v = new SubmissionVerdict();
    new LinkedHashSet<>(reasons).forEach(v::add);
    return Optional.of(v);
  }

  private static void stamp(List<ShardFolder> shards, ObjectNode md, ObjectNode extras, ShardFolder first) {
    ObjectNode merge = md.withObjectProperty("merge");
    ArrayNode list = merge.putArray("shards");
    ArrayNode selfChecks = Json.MAPPER.createArrayNode();
    for (ShardFolder s : shards) {
      ObjectNode o = list.addObject();
      o.put("index", s.shard().path("index").asInt(0));
      o.put("dir", s.dir().toAbsolutePath().toString());
      o.put("was_cancelled", s.cancelled());
      o.set("incomplete_reason", s.aiperf().get("incomplete_reason"));
      o.put("start_time", s.start() == null ? null : s.start().toString());
      o.put("end_time", s.end() == null ? null : s.end().toString());
      JsonNode sc = s.aiperf().path("metadata").path("client_self_check");
      if (!sc.isMissingNode()) {
        ObjectNode c = selfChecks.addObject();
        c.put("shard", s.shard().path("index").asInt(0));
        c.setAll((ObjectNode) sc);
      }
    }
    if (!first.shard().isMissingNode()) {
      md.set("shard", Json.object().put("count", first.shard().path("count").asInt())
          .put("start_at", first.shard().path("start_at").asString(null)));
    }
    // Each shard's own client measured itself; the merging process measured nothing.
    md.set("client_self_check", Json.object().set("shards", selfChecks));
    for (ShardFolder s : shards) {
      JsonNode reason = s.aiperf().get("incomplete_reason");
      if (reason != null && !reason.isNull()) {
        // One incomplete shard makes the whole run incomplete, for the first shard's reason.
        extras.put("is_complete", false);
        extras.put("incomplete_reason", reason.asString());
        for (String why : List.of("abort_reason", "failure")) {
          JsonNode text = s.aiperf().path("metadata").get(why);
          if (text != null && !text.isNull()) {
            md.put(why, "shard " + s.shard().path("index").asInt(0) + ": " + text.asString());
          }
        }
        break;
      }
    }
  }

  /** {@code inputs.json}: every shard's payloads, by session. */
  private static void mergeInputs(List<ShardFolder> shards, Path out) {
    Map<String, ArrayNode> sessions = new LinkedHashMap<>();
    long dropped = 0;
    boolean truncated = false;
    for (ShardFolder s : shards) {
      Path f = s.dir().resolve(RunRecorder.INPUTS);
      if (!Files.isRegularFile(f)) {
        continue;
      }
      JsonNode root = Json.MAPPER.readTree(f.toFile());
      for (JsonNode session : root.path("data")) {
        ArrayNode into = sessions.computeIfAbsent(session.path("session_id").asString(),
            k -> Json.MAPPER.createArrayNode());
        session.path("payloads").forEach(into::add);
      }
      truncated |= root.path("truncated").asBoolean(false);
      dropped += root.path("dropped_payloads").asLong(0);
    }
    ObjectNode root = Json.object();
    ArrayNode data = root.putArray("data");
    sessions.forEach((id, payloads) -> data.addObject().put("session_id", id).set("payloads", payloads));
    if (truncated) {
      root.put("truncated", true);
      root.put("dropped_payloads", dropped);
    }
    try {
      AtomicFile.write(out, o -> Json.MAPPER.writeValue(o, root));
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }
}
