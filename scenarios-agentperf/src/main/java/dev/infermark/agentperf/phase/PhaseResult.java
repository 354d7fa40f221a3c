package dev.infermark.agentperf.phase;

import dev.infermark.agentperf.power.PowerSummary;

/**
 * One phase at one agent count, as measured.
 *
 * @param index the phase number in the run, from 1
 * @param agents the target agent count
 * @param prefix the phase's cache-busting prefix (its digits identify the phase in server logs)
 * @param gates the gates when the phase ended
 * @param complete whether every gate was met (false: timed out or cancelled)
 * @param windowSeconds length of the steady-state window, or NaN when it never opened
 * @param requestsSent every request the phase recorded (window or not)
 * @param requestsCutOff requests aborted when the phase stopped its agents (sent after the window; recorded as cut off)
 * @param stats the window's measurements
 * @param tokenCheck server vs local token counts, or {@code null} when no text was kept
 * @param power power during the window, or {@code null} without a sampler or readings
 * @param wallSeconds the phase's length from first agent start to last agent stop
 */
public record PhaseResult(int index, int agents, String prefix, GateStatus gates, boolean complete, double windowSeconds,
    int requestsSent, int requestsCutOff, PhaseStats stats, TokenCheck tokenCheck, PowerSummary power, double wallSeconds) {}
