package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * lighteval's {@code quasi_exact_match_gsm8k} as aiperf runs it: the number after {@code ####},
 * with a last-number fallback for the prediction (flagged unparsed) and numeric equality.
 */
public record LightevalGsm8kGrader() implements Grader {
  private static final Pattern MARKER = Py.regex("#### (\\-?[0-9\\.\\,]+)");
  private static final Pattern NUMBER = Py.regex("-?[0-9][0-9,]*(?:\\.[0-9]+)?");
  static final String INVALID = "[invalid]";

  @Override
  public String name() {
    return "lighteval_gsm8k";
  }

  /** {@code gsm8k_normalizer}: the {@code ####} number without commas, or {@code [invalid]}. */
  static String normalize(String text) {
    Matcher m = MARKER.matcher(text);
    if (m.find()) {
      return Py.strip(m.group(1)).replace(",", "");
    }
    return INVALID;
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String gold = normalize(Py.strip(groundTruth));
    String pred = normalize(Py.strip(response == null ? "" : response));
    String note = "";
    boolean unparsed = false;
    if (pred.equals(INVALID)) {
      Matcher m = NUMBER.matcher(response == null ? "" : response);
      String last = null;
      while (m.find()) {
        last = m.group();
      }
      unparsed = true;
      if (last != null) {
        pred = last.replace(",", "");
        note = " (no #### marker; used last-number fallback)";
      } else {
        note = " (no number in response)";
      }
    }
    boolean correct = false;
    if (!pred.equals(INVALID) && !gold.equals(INVALID)) {
      Double p = Py.parseFloat(pred);
      Double g = Py.parseFloat(gold);
      correct = p != null && g != null ? Py.isClose(p, g, 0, 1e-6) : pred.equals(gold);
    }
    String reasoning = "gsm8k quasi-exact-match: gold '" + gold + "' vs pred '" + pred + "'; match=" + Py.bool(correct) + note;
    return new Grade(correct, unparsed, correct ? 1.0 : 0.0, reasoning, pred, gold);
  }
}
