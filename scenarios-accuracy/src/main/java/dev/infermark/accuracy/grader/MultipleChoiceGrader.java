package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** MMLU's grader: a lone A-D on the first line, else the choice-letter tiers (fallbacks are unparsed). */
public record MultipleChoiceGrader() implements Grader {
  private static final Pattern LONE = Py.regex("(?<!\\w)([A-D])(?!\\w)");

  @Override
  public String name() {
    return "multiple_choice";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String text = response == null ? "" : response;
    String first = Py.strip(Py.firstLine(text));
    String pred;
    boolean unparsed;
    if (first.length() == 1 && "ABCD".contains(first)) {
      pred = first;
      unparsed = false;
    } else {
      ChoiceLetters.Extracted e = ChoiceLetters.extract(text, "ABCD");
      Matcher lone = LONE.matcher(first);
      if (e.tier() == 1) {
        pred = e.letter();
        unparsed = false;
      } else if (e.tier() == 2) {
        pred = e.letter();
        unparsed = true;
      } else if (lone.find()) {
        pred = lone.group(1);
        unparsed = true;
      } else if (e.tier() == 3) {
        pred = e.letter();
        unparsed = true;
      } else {
        pred = first;
        unparsed = true;
      }
    }
    String gold = Py.strip(groundTruth);
    boolean correct = pred.equals(gold) && !pred.isEmpty();
    String reasoning = "first-line-of-response extracted to '" + pred + "'" + (unparsed ? " (regex fallback)" : "")
        + "; ground_truth stripped to '" + gold + "'; match=" + Py.bool(correct);
    return new Grade(correct, unparsed, correct ? 1.0 : 0.0, reasoning, pred, gold);
  }
}
