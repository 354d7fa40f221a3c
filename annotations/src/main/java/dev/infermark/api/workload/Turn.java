package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.infermark.api.status.API;

/**
 * One user turn of a conversation: its text and what it asks of the output.
 *
 * <p>{@code Turn.user(text).maxTokens(64)} caps the answer: the server may stop earlier, at its end-of-sequence
 * token, so the output length is at most 64 (a mean far below the cap is common). {@code Turn.user(text)
 * .fixedOutputTokens(512)} asks for exactly 512 tokens: {@code max_tokens} and {@code min_tokens} 512 and
 * {@code ignore_eos: true}, which vLLM, SGLang, TensorRT-LLM and the simulator honour (a server that ignores
 * {@code min_tokens} and {@code ignore_eos} may still stop early: compare {@code output_sequence_length}).
 *
 * @param text the user message
 * @param maxTokens the output cap sent as {@code max_completion_tokens} (or {@code max_tokens}), or {@code null}
 *     for none
 * @param minTokens the output floor sent as {@code min_tokens}, or {@code null} for none
 * @param ignoreEos whether to send {@code ignore_eos: true}: the server does not stop at its end-of-sequence token
 */
@API(status = STABLE, since = "0.1")
public record Turn(String text, Integer maxTokens, Integer minTokens, boolean ignoreEos) {
  public Turn {
    if (text == null) {
      throw new IllegalArgumentException("a turn needs its text (the user message); got null");
    }
    if (maxTokens != null && maxTokens < 1 || minTokens != null && minTokens < 0) {
      throw new IllegalArgumentException("a turn's output bounds must be positive: maxTokens " + maxTokens
          + ", minTokens " + minTokens);
    }
    if (maxTokens != null && minTokens != null && minTokens > maxTokens) {
      throw new IllegalArgumentException("a turn's minTokens (" + minTokens + ") is above its maxTokens (" + maxTokens + ")");
    }
  }

  /** A turn with an output cap only (or none). */
  public Turn(String text, Integer maxTokens) {
    this(text, maxTokens, null, false);
  }

  public static Turn user(String text) {
    return new Turn(text, null);
  }

  /** The same turn with an output cap (the answer may be shorter: see {@link #fixedOutputTokens(int)}). */
  public Turn maxTokens(int max) {
    return new Turn(text, max, minTokens, ignoreEos);
  }

  /**
   * The same turn asking for exactly {@code tokens} output tokens: {@code max_tokens} and {@code min_tokens}
   * {@code tokens}, and {@code ignore_eos: true}, so the output sequence length is what the benchmark asked.
   */
  @API(status = STABLE, since = "0.2")
  public Turn fixedOutputTokens(int tokens) {
    return new Turn(text, tokens, tokens, true);
  }

  /** Whether this turn asks for an exact output length ({@link #fixedOutputTokens(int)}). */
  @API(status = STABLE, since = "0.2")
  public boolean fixedOutput() {
    return ignoreEos && minTokens != null && minTokens.equals(maxTokens);
  }

  /** The body fields besides the cap this turn sends ({@code min_tokens}, {@code ignore_eos}), or {@code null}. */
  Map<String, Object> outputFields() {
    if (minTokens == null && !ignoreEos) {
      return null;
    }
    Map<String, Object> body = new LinkedHashMap<>();
    if (minTokens != null) {
      body.put("min_tokens", minTokens);
    }
    if (ignoreEos) {
      body.put("ignore_eos", true);
    }
    return body;
  }
}
