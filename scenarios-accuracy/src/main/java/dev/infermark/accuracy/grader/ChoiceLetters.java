package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The reference's {@code extract_choice_letter}: three tiers, most to least explicit. */
final class ChoiceLetters {
  /** A letter and the tier that found it (0 = none, {@code letter} empty). */
  record Extracted(String letter, int tier) {}

  private ChoiceLetters() {}

  static Extracted extract(String text, String letters) {
    String cls = "[" + letters + "]"; // letters are plain capitals
    Matcher t1 = Py.regex("answer is \\(?(" + cls + ")\\)?").matcher(text);
    String last = null;
    while (t1.find()) {
      last = t1.group(1);
    }
    if (last != null) {
      return new Extracted(last, 1);
    }
    Matcher t2 = Py.regex(".*[aA]nswer:\\s*(" + cls + ")", Pattern.DOTALL).matcher(text);
    if (t2.find()) {
      return new Extracted(t2.group(1), 2);
    }
    Matcher t3 = Py.regex("\\b" + cls + "\\b(?!.*\\b" + cls + "\\b)", Pattern.DOTALL).matcher(text);
    if (t3.find()) {
      return new Extracted(t3.group(), 3);
    }
    return new Extracted("", 0);
  }
}
