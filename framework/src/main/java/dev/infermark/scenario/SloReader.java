package dev.infermark.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.infermark.annotations.Slo;
import dev.infermark.annotations.SloTier;
import dev.infermark.api.Metric;
import dev.infermark.slo.SloNames;
import dev.infermark.slo.SloSpec;

/**
 * A scenario's SLOs: its {@code @Slo}s, then its {@code @SloTier}s each as the objectives it stands for,
 * from every place {@link Annotated} reads, in its order. An objective declared twice (here, above or in a
 * composed annotation) is kept twice, for {@link ScenarioCheck} to report.
 */
final class SloReader {
  private SloReader() {}

  /** @throws InvalidScenarioException naming the annotation that cannot be an objective */
  static List<SloSpec> read(Class<?> c) {
    List<SloSpec> out = new ArrayList<>();
    for (Slo slo : Annotated.all(c, Slo.class)) {
      Optional<String> naming = SloSpec.namingProblem(slo);
      if (naming.isPresent()) {
        throw new InvalidScenarioException(c, naming.get());
      }
      if (Double.isNaN(slo.min()) && Double.isNaN(slo.max())) {
        throw new InvalidScenarioException(c, "@Slo on " + SloSpec.tag(slo) + " needs min or max");
      }
      out.add(SloSpec.of(slo));
    }
    for (SloTier t : Annotated.all(c, SloTier.class)) {
      out.addAll(expand(c, t));
    }
    return List.copyOf(out);
  }

  /** The objectives one {@code @SloTier} stands for, in the order its javadoc gives. */
  static List<SloSpec> expand(Class<?> c, SloTier t) {
    if (t.name().isBlank()) {
      throw new InvalidScenarioException(c, "@SloTier needs a name (e.g. name = \"SLO #1\")");
    }
    if (Double.isNaN(t.outputSpeed()) && Double.isNaN(t.ttft())) {
      throw new InvalidScenarioException(c, "@SloTier(name = \"" + t.name() + "\") needs outputSpeed, ttft or both");
    }
    List<SloSpec> out = new ArrayList<>();
    if (!Double.isNaN(t.outputSpeed())) {
      out.add(new SloSpec(SloNames.OUTPUT_SPEED, t.outputSpeedStat().label(), t.outputSpeed(), Double.NaN, "",
          t.name(), ""));
    }
    if (!Double.isNaN(t.ttft())) {
      out.add(new SloSpec(Metric.TIME_TO_FIRST_TOKEN.tag(), t.ttftStat().label(), Double.NaN, t.ttft(), t.ttftUnit(),
          t.name(), ""));
    }
    if (!Double.isNaN(t.minAgents())) {
      out.add(new SloSpec(Metric.SUPPORTED_AGENTS.tag(), "value", t.minAgents(), Double.NaN, "", t.name(), ""));
    }
    return out;
  }
}
