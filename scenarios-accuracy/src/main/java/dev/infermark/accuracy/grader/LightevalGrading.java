package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.util.List;

/** The shared scoring of the three lighteval extractive-match graders. */
final class LightevalGrading {
  private LightevalGrading() {}

  static Grade grade(String grader, String response, String gold, String shownGold, List<ExtractiveMatch.Target> goldTargets,
      List<ExtractiveMatch.Target> predTargets, int precision) {
    String text = response == null ? "" : response;
    try {
      double score = ExtractiveMatch.score(gold, text, goldTargets, predTargets, precision);
      boolean parsed = ExtractiveMatch.extract(text, predTargets).parsed();
      boolean correct = score > 0.5;
      String reasoning = "lighteval extractive match (" + grader + "): score=" + Py.repr(score)
          + (parsed ? "" : " (no answer pattern parsed; string fallback)");
      return new Grade(correct, !parsed, score, reasoning, Py.strip(text), Py.strip(shownGold));
    } catch (RuntimeException | StackOverflowError e) {
      return new Grade(false, true, 0.0, "lighteval grader failed: " + e, Py.strip(text), Py.strip(shownGold));
    }
  }
}
