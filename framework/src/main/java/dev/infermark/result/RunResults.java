package dev.infermark.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.infermark.api.RunResult;
import dev.infermark.result.RunInfo;
import dev.infermark.slo.SloResult;

/**
 * Everything one run found, immutable: what every {@link ResultFormat} writes from. The run's
 * info (scenario, ids, settings, verdict, cancelled, the methodology's export extras), what the
 * recording measured (absent when nothing was recorded, e.g. a methodology's own test), the
 * workload's result with every statistic, the SLO outcomes, and methodology sections (AgentPerf's
 * capacity per tier, accuracy scores, ...) that their own formats look up by type.
 *
 * @param runDir the run folder the formats write into
 * @param info the run's info
 * @param recorded what the recording measured, or {@code null}
 * @param result the workload's result with every statistic
 * @param slos the {@code @Slo} outcomes
 * @param sections the methodology sections, in the order added
 */
public record RunResults(Path runDir, RunInfo info, Recorded recorded, RunResult result, List<SloResult> slos,
    List<Object> sections) {
  public RunResults {
    result = result == null ? RunResult.empty() : result;
    slos = List.copyOf(slos);
    sections = List.copyOf(sections);
  }

  /** What a recording alone knows: no workload result, SLO outcomes or sections. */
  public static RunResults of(Path runDir, RunInfo info, Recorded recorded) {
    return new RunResults(runDir, info, recorded, RunResult.empty(), List.of(), List.of());
  }

  /** What the recording measured, if anything was recorded. */
  public Optional<Recorded> measured() {
    return Optional.ofNullable(recorded);
  }

  /** The last section of {@code type}, if the run added one. */
  public <T> Optional<T> section(Class<T> type) {
    T found = null;
    for (Object s : sections) {
      if (type.isInstance(s)) {
        found = type.cast(s);
      }
    }
    return Optional.ofNullable(found);
  }
}
