package dev.infermark.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.infermark.api.RunResult;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.ErrorRate;
import dev.infermark.slo.SloResult;

/**
 * What one run produced: its result (values for SLO checks), its verdict when the scenario
 * stamps one, its error rate, where the artifacts are, what it printed at the end, whether it was
 * cancelled, why it was aborted when it was ({@link RunContext#abort}), and its SLOs evaluated
 * (as in {@code slo_results}).
 */
public record RunOutcome(RunResult result, Optional<SubmissionVerdict> verdict, ErrorRate errorRate, Path artifactDir,
    List<String> consoleLines, boolean cancelled, Optional<String> aborted, List<SloResult> slos) {}
