package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.ExtractiveMatch.Indices;
import dev.infermark.accuracy.py.Py;
import java.util.List;
import java.util.Locale;

/** lighteval's {@code gpqa_metric}: A-D letters extracted from gold and prediction (anchored patterns only). */
public record LightevalGpqaGrader() implements Grader {
  @Override
  public String name() {
    return "lighteval_gpqa";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    int idx = "ABCD".indexOf(Py.strip(groundTruth).toUpperCase(Locale.ROOT));
    String gold = String.valueOf("ABCD".charAt(Math.max(0, idx)));
    List<ExtractiveMatch.Target> t = List.of(new Indices(false));
    return LightevalGrading.grade(name(), response, gold, gold, t, t, 5);
  }
}
