package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

/**
 * Every unique-id segment of the engine, built in one place:
 * {@code [engine:infermark]/[scenario:<FQCN>]/[run:<params>]/[slo:<id>]},
 * {@code .../[run:<params>]/[check:error_rate]}, {@code .../[run:<params>]/[verdict:submission_valid]},
 * {@code .../[run:<params>]/[search:<setting>]} (an SLA search's result) and
 * {@code .../[run:<params>]/[regression:<metric:stat>]} (a comparison with the baseline).
 */
public final class InfermarkUniqueIds {
  public static final String ENGINE_ID = "infermark";
  public static final String SCENARIO = "scenario";
  public static final String RUN = "run";
  public static final String SLO = "slo";
  public static final String VERDICT = "verdict";
  public static final String VERDICT_VALUE = "submission_valid";
  public static final String CHECK = "check";
  public static final String ERROR_RATE = "error_rate";
  public static final String SEARCH = "search";
  public static final String REGRESSION = "regression";

  private InfermarkUniqueIds() {}

  /** Whether a segment type is one of a run's checks ({@code check}, {@code slo}, {@code verdict}, {@code search}, {@code regression}). */
  public static boolean isCheck(String segmentType) {
    return CHECK.equals(segmentType) || SLO.equals(segmentType) || VERDICT.equals(segmentType) || SEARCH.equals(segmentType)
        || REGRESSION.equals(segmentType);
  }

  public static UniqueId scenario(UniqueId engine, Class<?> type) {
    return engine.append(SCENARIO, type.getName());
  }

  public static UniqueId run(UniqueId scenario, String paramsId) {
    return scenario.append(RUN, paramsId);
  }

  public static UniqueId slo(UniqueId run, String sloId) {
    return run.append(SLO, sloId);
  }

  public static UniqueId errorRate(UniqueId run) {
    return run.append(CHECK, ERROR_RATE);
  }

  public static UniqueId verdict(UniqueId run) {
    return run.append(VERDICT, VERDICT_VALUE);
  }

  public static UniqueId search(UniqueId run, String setting) {
    return run.append(SEARCH, setting);
  }

  public static UniqueId regression(UniqueId run, String checkId) {
    return run.append(REGRESSION, checkId);
  }
}
