package dev.infermark.agentx.replay;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import dev.infermark.protocol.ServedContext;
import dev.infermark.traces.corpus.CorpusKeys;
import dev.infermark.traces.topology.SessionTree;

/**
 * Before any load: does every trace fit the context the server advertises ({@code max_model_len})?
 * A trace whose largest request (prompt and recorded output) needs more would have requests
 * rejected as context overflows, and a warmup primer's overflow aborts the run, minutes in. So the
 * run stops now instead, naming the traces and the {@code max-context-length} that drops them.
 */
final class ContextFit {
  /** How many trace ids the message names. */
  static final int NAMED = 10;

  private ContextFit() {}

  /**
   * @param maxContextLength {@code max-context-length} as set, or {@code null}
   * @throws IllegalArgumentException when a trace needs more than the server serves
   */
  static void check(List<SessionTree> trees, ServedContext served, Integer maxContextLength, Consumer<String> log) {
    int limit = served.maxModelLen();
    List<SessionTree> over = trees.stream().filter(t -> t.peakContext() > limit)
        .sorted(Comparator.comparingLong(SessionTree::peakContext).reversed()).toList();
    long largest = trees.stream().mapToLong(SessionTree::peakContext).max().orElse(0);
    if (over.isEmpty()) {
      log.accept(String.format(Locale.ROOT, "agentx: every trace fits the context %s serves (max_model_len %d; the largest "
          + "trace needs %d tokens)", served.url(), limit, largest));
      return;
    }
    String named = String.join(", ", over.stream().limit(NAMED)
        .map(t -> t.traceId() + " (" + t.peakContext() + " tokens)").toList())
        + (over.size() > NAMED ? " and " + (over.size() - NAMED) + " more" : "");
    String set = CorpusKeys.MAX_CONTEXT_LENGTH.property() + "=" + limit;
    String todo = over.size() == trees.size()
        ? "No trace fits: serve a longer context, or pick a dataset of shorter traces (the _256k variants drop the "
            + "largest requests)."
        : (maxContextLength == null ? "Set " + set : CorpusKeys.MAX_CONTEXT_LENGTH.property() + " is " + maxContextLength
            + ", more than the server serves: set " + set) + " (AIPerf's --max-context-length " + limit + ") to drop "
            + (over.size() == 1 ? "it" : "them") + " before the replay; " + (trees.size() - over.size()) + " trace(s) stay.";
    throw new IllegalArgumentException(over.size() + " of " + trees.size() + " trace(s) need more context than "
        + served.url() + " serves (max_model_len " + limit + " in its /v1/models): " + named + ". Their requests would "
        + "be rejected as context overflows, and a warmup primer's overflow aborts the run minutes in. " + todo
        + " (Checked before any load; infermark.preflight=false skips it.)");
  }
}
