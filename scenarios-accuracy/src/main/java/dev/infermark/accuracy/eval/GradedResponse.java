package dev.infermark.accuracy.eval;

import dev.infermark.accuracy.grader.Grade;

/**
 * One graded response: what {@code accuracy_export.jsonl} writes a line for.
 *
 * @param sessionNum the problem's request index
 * @param conversationId the conversation id sent ({@code session_000000})
 * @param requestId the {@code X-Request-ID}
 * @param phase {@code profiling} or {@code warmup}
 * @param timestampNs wall-clock time grading completed (ns since the epoch)
 * @param task the problem's task, or {@code null}
 * @param grader the grader's name
 * @param grade the grade
 * @param modelOutput the answer channel that was graded
 * @param modelThinking the reasoning channel, or {@code null}
 */
public record GradedResponse(int sessionNum, String conversationId, String requestId, String phase, long timestampNs,
    String task, String grader, Grade grade, String modelOutput, String modelThinking) {}
