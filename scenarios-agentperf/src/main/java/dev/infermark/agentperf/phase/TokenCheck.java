package dev.infermark.agentperf.phase;

import java.util.List;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.tokenizer.Tokenizer;

/**
 * The server's output token counts ({@code usage}) compared with the local tokenizer's count of
 * the same text, over the requests whose text was kept. Done after the phase, off the hot path.
 *
 * @param checked requests compared
 * @param serverTokens their output tokens by the server (reasoning included)
 * @param localTokens the same text counted locally
 * @param meanAbsRelativeDiff mean of |server - local| / max(local, 1)
 * @param tokenizer the local tokenizer's name
 */
public record TokenCheck(int checked, long serverTokens, long localTokens, double meanAbsRelativeDiff, String tokenizer) {

  /** The check over {@code records} that kept their text and report a server count; null when none do. */
  public static TokenCheck of(List<RequestRecord> records, Tokenizer tokenizer) {
    int n = 0;
    long server = 0;
    long local = 0;
    double diff = 0;
    for (RequestRecord r : records) {
      Integer osl = r.outputSequenceLength();
      if (!r.ok() || osl == null || (r.text() == null && r.reasoningText() == null)) {
        continue;
      }
      int l = (r.text() == null ? 0 : tokenizer.count(r.text())) + (r.reasoningText() == null ? 0 : tokenizer.count(r.reasoningText()));
      n++;
      server += osl;
      local += l;
      diff += Math.abs(osl - l) / (double) Math.max(l, 1);
    }
    return n == 0 ? null : new TokenCheck(n, server, local, diff / n, tokenizer.name());
  }
}
