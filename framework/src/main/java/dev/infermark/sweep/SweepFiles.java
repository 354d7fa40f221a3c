package dev.infermark.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.infermark.artifact.RunFolders;
import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A sweep's folder, {@code <artifact-dir>/<scenario>/<timestamp>-sweep-<setting>} (a search's:
 * {@code -search-<setting>[-params]}), beside its runs' folders: {@code sweep.json} (every point
 * with its key metrics, verdict and frontier flag, the search's probes and bracket), {@code sweep.csv}
 * (one row per point) and {@code sweep.html} (when the report module is on the class path). The
 * {@code latest} pointer stays on a run.
 */
public final class SweepFiles {
  /** The JSON file's name. */
  public static final String JSON = "sweep.json";
  /** The CSV file's name. */
  public static final String CSV = "sweep.csv";

  private SweepFiles() {}

  /** A new sweep folder's path (not created yet). */
  public static Path folder(Path artifactDir, Sweep sweep, String paramsSuffix) {
    return RunFolders.next(artifactDir, sweep.scenario(), "-" + (sweep.isSearch() ? "search" : "sweep") + "-"
        + sweep.setting().name() + paramsSuffix, Instant.now());
  }

  /** Writes the sweep's files into {@code dir}, saying each on {@code console}; returns the folder. */
  public static Path write(Path dir, Sweep sweep, Consumer<String> console) {
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(JSON), Json.PRETTY.writeValueAsString(json(sweep, dir)), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(CSV), csv(sweep), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep into " + dir + ": " + e.getMessage(), e);
    }
    console.accept((sweep.isSearch() ? "search" : "sweep") + ": " + dir.resolve(JSON));
    SweepPages.find().ifPresent(p -> {
      try {
        console.accept((sweep.isSearch() ? "search" : "sweep") + " page: " + p.write(dir));
      } catch (RuntimeException e) {
        console.accept("infermark: WARNING the sweep page could not be drawn: " + e.getMessage());
      }
    });
    return dir;
  }

  /** {@code sweep.json}'s content; run folders are given relative to {@code dir}. */
  public static ObjectNode json(Sweep sweep, Path dir) {
    ObjectNode o = Json.object();
    o.put("kind", sweep.isSearch() ? "search" : "sweep");
    o.put("scenario", sweep.scenario());
    o.put("setting", sweep.setting().name());
    o.put("x", SweepPoint.PER_USER);
    o.put("y", SweepPoint.TOTAL);
    ArrayNode units = o.putArray("metrics");
    for (SweepPoint.Measure m : SweepPoint.MEASURES) {
      units.addObject().put("name", m.name()).put("metric", m.metric()).put("stat", m.stat().label()).put("unit", m.unit());
    }
    units.addObject().put("name", SweepPoint.ERROR_RATE).put("metric", "error_rate").put("stat", "value").put("unit", "ratio");
    ArrayNode checks = o.putArray("checks");
    sweep.checks().forEach(checks::add);
    boolean[] frontier = sweep.frontier();
    ArrayNode points = o.putArray("points");
    for (int i = 0; i < sweep.points().size(); i++) {
      SweepPoint p = sweep.points().get(i);
      ObjectNode n = points.addObject();
      n.put("run", p.run());
      n.put("group", p.group());
      n.put("value", p.value());
      n.put("folder", relative(dir, p.folder()));
      n.put("pass", p.pass());
      n.put("frontier", frontier[i]);
      ObjectNode m = n.putObject("metrics");
      p.metrics().forEach(m::put);
      ArrayNode f = n.putArray("failed");
      p.failed().forEach(f::add);
    }
    if (sweep.isSearch()) {
      SearchOutcome s = sweep.search();
      ObjectNode n = o.putObject("search");
      SearchPlan plan = s.plan();
      n.put("style", SearchPlan.STYLE);
      n.put("from", plan.from());
      n.put("to", plan.to());
      n.put("precision", plan.precision().toString());
      n.put("growth_factor", plan.growthFactor());
      n.put("max_iterations", plan.maxIterations());
      if (s.outcome().found()) {
        n.put("largest_passing", s.outcome().largestPass());
      } else {
        n.putNull("largest_passing");
      }
      if (Double.isNaN(s.outcome().smallestFail())) {
        n.putNull("smallest_failing");
      } else {
        n.put("smallest_failing", s.outcome().smallestFail());
      }
      n.put("lower_bound", s.outcome().reachedMax());
      n.put("converged", s.outcome().converged());
      n.put("passed", s.passed());
      n.put("message", s.message());
      ArrayNode steps = n.putArray("steps");
      for (LimitSearch.Step st : s.outcome().steps()) {
        steps.addObject().put("value", st.value()).put("pass", st.pass()).put("stage", st.stage());
      }
    }
    return o;
  }

  /** {@code sweep.csv}: a header, then one row per point. */
  public static String csv(Sweep sweep) {
    List<String> head = new ArrayList<>(List.of("run", "group", sweep.setting().name(), "pass", "frontier"));
    SweepPoint.MEASURES.forEach(m -> head.add(m.name()));
    head.add(SweepPoint.ERROR_RATE);
    StringBuilder b = new StringBuilder(String.join(",", head)).append('\n');
    boolean[] frontier = sweep.frontier();
    for (int i = 0; i < sweep.points().size(); i++) {
      SweepPoint p = sweep.points().get(i);
      List<String> row = new ArrayList<>(List.of(quote(p.run()), quote(p.group()), sweep.setting().format(p.value()),
          Boolean.toString(p.pass()), Boolean.toString(frontier[i])));
      SweepPoint.MEASURES.forEach(m -> row.add(number(p.metric(m.name()))));
      row.add(number(p.metric(SweepPoint.ERROR_RATE)));
      b.append(String.join(",", row)).append('\n');
    }
    return b.toString();
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  private static String relative(Path dir, Path folder) {
    try {
      return dir.toAbsolutePath().relativize(folder.toAbsolutePath()).toString();
    } catch (IllegalArgumentException e) {
      return folder.toAbsolutePath().toString();
    }
  }
}
