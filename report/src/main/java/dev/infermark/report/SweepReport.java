package dev.infermark.report;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.infermark.json.Json;
import dev.infermark.sweep.SweepFiles;
import dev.infermark.sweep.SweepPages;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The page of a sweep folder ({@code sweep.html}, from its {@code sweep.json}): the throughput–latency
 * curve (total output tokens/s against the median user's tokens/s) with its Pareto frontier and the
 * points that pass their checks, TTFT p50/p99 against the load, every point in a table linking its
 * run's report, and for a search its probes in order with the bracket it found. Found by the framework
 * as its {@link SweepPages}.
 */
public final class SweepReport implements SweepPages {
  @Override
  public Path write(Path dir) {
    return Page.write(dir.resolve(FILE), html(dir));
  }

  /** The page of the sweep in {@code dir}. */
  public static String html(Path dir) {
    Path file = dir.resolve(SweepFiles.JSON);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("not a sweep folder (no " + SweepFiles.JSON + "): " + dir);
    }
    JsonNode n;
    try {
      n = Json.MAPPER.readTree(file.toFile());
    } catch (JacksonException e) {
      throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (!(n instanceof ObjectNode model) || !model.path("points").isArray()) {
      throw new IllegalArgumentException(file + " holds no sweep (no points)");
    }
    String kind = model.path("kind").asString("sweep");
    return Page.html((kind.equals("search") ? "Search of " : "Sweep of ") + model.path("setting").asString("?") + " — "
        + model.path("scenario").asString("") + " — infermark", model);
  }
}
