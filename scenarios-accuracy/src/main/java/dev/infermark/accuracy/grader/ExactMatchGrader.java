package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;

/** DeepEval's exact match (HellaSwag, BBH): stripped, case-sensitive equality; an empty response is unparsed. */
public record ExactMatchGrader() implements Grader {
  @Override
  public String name() {
    return "exact_match";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String pred = Py.strip(response == null ? "" : response);
    String gold = Py.strip(groundTruth);
    boolean unparsed = pred.isEmpty();
    boolean correct = !unparsed && pred.equals(gold);
    String reasoning = "exact match of stripped response '" + pred + "' against '" + gold + "'; match=" + Py.bool(correct)
        + (unparsed ? " (empty response)" : "");
    return new Grade(correct, unparsed, correct ? 1.0 : 0.0, reasoning, pred, gold);
  }
}
