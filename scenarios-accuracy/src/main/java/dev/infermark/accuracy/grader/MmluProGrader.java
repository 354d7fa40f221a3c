package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;

/** MMLU-Pro's grader: a lone A-J first line, else the three choice-letter tiers; tiers 2-3 are unparsed. */
public record MmluProGrader() implements Grader {
  private static final String LETTERS = "ABCDEFGHIJ";

  @Override
  public String name() {
    return "mmlu_pro";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String text = response == null ? "" : response;
    String first = Py.strip(Py.firstLine(text));
    String pred;
    boolean unparsed;
    if (first.length() == 1 && LETTERS.contains(first)) {
      pred = first;
      unparsed = false;
    } else {
      ChoiceLetters.Extracted e = ChoiceLetters.extract(text, LETTERS);
      pred = e.letter();
      unparsed = e.tier() != 1;
    }
    String gold = Py.strip(groundTruth);
    boolean correct = pred.equals(gold) && !pred.isEmpty();
    String reasoning = "extracted '" + pred + "'" + (unparsed ? " (fallback)" : "") + "; ground_truth '" + gold
        + "'; match=" + Py.bool(correct);
    return new Grade(correct, unparsed, correct ? 1.0 : 0.0, reasoning, pred, gold);
  }
}
