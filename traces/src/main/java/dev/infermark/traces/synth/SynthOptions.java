package dev.infermark.traces.synth;

/**
 * Shape of a synthetic corpus. Defaults follow the real kv-cache-tester corpus statistics
 * (docs/agentx-corpus.md, spec peers.md §1.2).
 *
 * @param traces number of traces
 * @param medianTurns median parent requests per trace (log-normal, P75 ≈ 2.1 × median, max 1178)
 * @param subagentTraceFraction fraction of traces that spawn sub-agents
 * @param contextLimit input tokens at which a conversation is compacted (pulled back)
 */
public record SynthOptions(int traces, double medianTurns, double subagentTraceFraction, int contextLimit) {
  public SynthOptions {
    if (traces <= 0) {
      throw new IllegalArgumentException("synthetic traces must be > 0, got " + traces);
    }
    if (medianTurns < 1) {
      throw new IllegalArgumentException("median turns must be >= 1, got " + medianTurns);
    }
  }

  /** Real-corpus shape (median 48 turns, a quarter of traces with sub-agents, 190k context). */
  public static SynthOptions realistic(int traces) {
    return new SynthOptions(traces, 48, 0.25, 190_000);
  }

  /**
   * The size of the SemiAnalysis HF corpus: 393 traces and about 99,000 requests (a mean of ~250
   * requests per trace, so a higher median than the kv-cache-tester sample).
   */
  public static SynthOptions hfCorpusSize() {
    return new SynthOptions(393, 124, 0.25, 190_000);
  }
}
