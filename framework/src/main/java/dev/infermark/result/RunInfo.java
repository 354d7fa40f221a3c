package dev.infermark.result;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import dev.infermark.lock.SubmissionVerdict;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the runner knows about a run that the end-of-run artifacts record.
 *
 * @param scenario the scenario name ({@code metadata.scenario})
 * @param benchmarkId the run's id ({@code benchmark_id})
 * @param seed the random seed ({@code run_info.random_seed})
 * @param settings the resolved settings with provenance, secrets already redacted ({@code input_config})
 * @param verdict the submission verdict, for scenarios with locks
 * @param cancelled whether the run was cancelled ({@code was_cancelled}; artifacts are then partial)
 * @param start when the run started (not written: {@code start_time} is the profiling phase's, see
 *     {@code ProfilingWindow})
 * @param end when it ended
 * @param extras the methodology's fields: top-level keys are merged in, {@code metadata} key by key; or {@code null}
 * @param trial the run's index among {@code num-profile-runs} repeats (0 for a single run)
 */
public record RunInfo(String scenario, String benchmarkId, long seed, Map<String, ?> settings,
    Optional<SubmissionVerdict> verdict, boolean cancelled, Instant start, Instant end, ObjectNode extras, int trial) {
  public RunInfo {
    verdict = verdict == null ? Optional.empty() : verdict;
    settings = settings == null ? Map.of() : settings;
  }
}
