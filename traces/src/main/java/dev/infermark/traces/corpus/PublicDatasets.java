package dev.infermark.traces.corpus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The public SemiAnalysis Weka corpora by {@code public-dataset} alias (spec §2.2). {@code _256k}
 * variants are separate, pre-filtered corpora (requests over 256k tokens removed at the source).
 */
public final class PublicDatasets {
  /** The corpus the rolling {@code semianalysis_cc_traces_weka_with_subagents} alias tracks now. */
  public static final String ROLLING_TARGET = "semianalysisai/cc-traces-weka-062126";

  private static final Map<String, String> ALIASES = new LinkedHashMap<>();

  static {
    put("semianalysis_cc_traces_weka_with_subagents", ROLLING_TARGET);
    for (String date : new String[] {"062126", "061526", "061326"}) {
      put("semianalysis_cc_traces_weka_" + date, "semianalysisai/cc-traces-weka-" + date);
    }
    for (String date : new String[] {"060226", "060526", "060826"}) {
      put("semianalysis_cc_traces_weka_with_subagents_" + date, "semianalysisai/cc-traces-weka-with-subagents-" + date);
    }
    ALIASES.put("semianalysis_cc_traces_weka_no_subagents_051826", "semianalysisai/cc-traces-weka-no-subagents-051826");
  }

  private PublicDatasets() {}

  private static void put(String alias, String repo) {
    ALIASES.put(alias, repo);
    ALIASES.put(alias + "_256k", repo + "-256k");
  }

  /**
   * The HF dataset repo of an alias.
   *
   * @throws IllegalArgumentException listing the known aliases
   */
  public static String repo(String alias) {
    String repo = ALIASES.get(alias.trim());
    if (repo == null) {
      throw new IllegalArgumentException("infermark.public-dataset: unknown Weka corpus alias '" + alias
          + "'; known: " + String.join(", ", ALIASES.keySet()));
    }
    return repo;
  }

  /** Every alias and its repo, in documentation order. */
  public static Map<String, String> all() {
    return Map.copyOf(ALIASES);
  }
}
