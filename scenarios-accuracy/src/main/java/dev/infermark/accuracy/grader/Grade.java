package dev.infermark.accuracy.grader;

/**
 * How one response was graded.
 *
 * @param correct whether the response counts as correct
 * @param unparsed whether the answer came from a fallback tier (or none could be extracted)
 * @param confidence the grader's confidence, 0..1
 * @param reasoning the grader's explanation (the JSONL {@code explanation})
 * @param extractedAnswer what was extracted from the response (the JSONL {@code actual})
 * @param groundTruth the gold answer as the grader normalised it (the JSONL {@code expected})
 */
public record Grade(boolean correct, boolean unparsed, double confidence, String reasoning, String extractedAnswer,
    String groundTruth) {}
