package dev.infermark.traces.weka;

import java.util.List;

/**
 * One recorded request (type {@code "n"} non-streaming or {@code "s"} streaming; both replay the
 * same way). Optional numbers are null when the recording lacks them.
 *
 * @param t start, seconds on the trace timeline (sub-agent inner times already made absolute)
 * @param in input tokens of the whole prompt
 * @param out output tokens
 * @param hashIds one id per full prompt block, prefix-ordered
 */
public record WekaRequest(
    double t,
    String type,
    String model,
    int in,
    int out,
    HashIds hashIds,
    List<String> inputTypes,
    List<String> outputTypes,
    String stop,
    Double apiTime,
    Double thinkTime,
    Double ttft) implements WekaEntry {
  public WekaRequest {
    inputTypes = List.copyOf(inputTypes);
    outputTypes = List.copyOf(outputTypes);
  }

  /** The same request at another start instant. */
  public WekaRequest withT(double newT) {
    return new WekaRequest(newT, type, model, in, out, hashIds, inputTypes, outputTypes, stop, apiTime, thinkTime, ttft);
  }
}
