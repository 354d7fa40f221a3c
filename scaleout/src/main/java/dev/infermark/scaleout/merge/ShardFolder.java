package dev.infermark.scaleout.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import dev.infermark.artifact.JournalSummary;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One shard's run folder: its {@code profile_export_aiperf.json} and {@code profile_export.jsonl}.
 * A shard whose process was killed before writing its summary has it rebuilt from its journal
 * ({@link JournalSummary}): it takes part in the merge with the requests it completed.
 *
 * @param dir the run folder
 * @param aiperf its {@code profile_export_aiperf.json} (or the summary rebuilt)
 * @param rebuilt how the summary was rebuilt, or {@code null} when the shard wrote its own
 */
public record ShardFolder(Path dir, ObjectNode aiperf, JournalSummary.Rebuilt rebuilt) {
  public ShardFolder(Path dir, ObjectNode aiperf) {
    this(dir, aiperf, null);
  }

  /**
   * The run folder at or under {@code path}: {@code path} itself when it holds
   * {@code profile_export_aiperf.json} (or, a killed shard, only {@code profile_export.jsonl}), else its
   * {@code latest} folder, else the one run folder below it.
   *
   * @throws IllegalArgumentException naming the path when there is no run folder, or several
   */
  public static ShardFolder open(Path path) {
    Path dir = find(path);
    if (JournalSummary.applies(dir)) {
      JournalSummary.Rebuilt r = JournalSummary.of(dir);
      return new ShardFolder(dir, r.summary(), r);
    }
    Path json = dir.resolve(RunRecorder.JSON);
    try {
      JsonNode root = Json.MAPPER.readTree(json.toFile());
      if (!(root instanceof ObjectNode o)) {
        throw new IllegalArgumentException(json + ": not a JSON object");
      }
      if (!Files.isRegularFile(dir.resolve(RunRecorder.JSONL))) {
        throw new IllegalArgumentException(dir + ": no " + RunRecorder.JSONL + " (the raw records a merge is computed from)");
      }
      return new ShardFolder(dir, o);
    } catch (tools.jackson.core.JacksonException e) {
      throw new IllegalArgumentException(json + ": " + e.getOriginalMessage(), e);
    }
  }

  private static Path find(Path path) {
    if (isRun(path)) {
      return path;
    }
    if (isRun(path.resolve("latest"))) {
      return path.resolve("latest");
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException(path + ": no such folder");
    }
    try (Stream<Path> s = Files.find(path, 4, (p, a) -> p.getFileName().toString().equals(RunRecorder.JSON)
        || p.getFileName().toString().equals(RunRecorder.JSONL))) {
      List<Path> found = s.map(Path::getParent).distinct().sorted().toList();
      if (found.size() != 1) {
        throw new IllegalArgumentException(path + ": " + (found.isEmpty() ? "no run folder (" + RunRecorder.JSON
            + " or " + RunRecorder.JSONL + ") in it" : found.size() + " run folders in it; name one: " + found));
      }
      return found.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }

  /** A run folder: its summary, or the journal of a run killed before writing one. */
  private static boolean isRun(Path dir) {
    return Files.isRegularFile(dir.resolve(RunRecorder.JSON)) || Files.isRegularFile(dir.resolve(RunRecorder.JSONL));
  }

  public Path jsonl() {
    return dir.resolve(RunRecorder.JSONL);
  }

  /** {@code metadata.shard}, or a missing node for an unsharded run. */
  public JsonNode shard() {
    return aiperf.path("metadata").path("shard");
  }

  public String benchmarkId() {
    return aiperf.path("benchmark_id").asString(null);
  }

  public String scenario() {
    return aiperf.path("metadata").path("scenario").asString(null);
  }

  public boolean cancelled() {
    return aiperf.path("was_cancelled").asBoolean(false);
  }

  /** {@code start_time} (the profiling phase's), or {@code null}. */
  public Instant start() {
    return instant("start_time");
  }

  /** {@code end_time}, or {@code null}. */
  public Instant end() {
    return instant("end_time");
  }

  private Instant instant(String field) {
    String t = aiperf.path(field).asString(null);
    return t == null ? null : Instant.parse(t);
  }
}
