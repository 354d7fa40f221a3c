package dev.infermark.traces.weka;

/** One entry of a trace's {@code requests} array: a recorded request or a sub-agent marker. */
public sealed interface WekaEntry permits WekaRequest, WekaSubagent {
  /** Start instant in seconds on the trace timeline (absolute, after §2.1 conversion). */
  double t();
}
