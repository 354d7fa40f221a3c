package dev.infermark.api;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.Phase;

import dev.infermark.api.status.API;

/**
 * One run as a {@link SelfPhased} workload sees it: the client (every request sent through it is
 * recorded), cancellation, where the run is (for progress and the server-metrics window), and the
 * run's identity. Passed to {@code @Workload} methods that take it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface RunContext {
  /** The scenario's name. */
  String scenario();

  /** This run's {@code @Param} values by field name. */
  Map<String, String> params();

  /** The run's random seed (given as {@code random-seed}, or drawn and recorded). */
  long seed();

  /**
   * The run's resolved settings as a settings interface of the workload's own, implemented by the
   * harness: {@code interface ChatSettings { Duration benchmarkDuration(); int concurrency(); }}, each
   * method named after a setting ({@code benchmarkDuration} is {@code benchmark-duration};
   * {@code @SettingsPrefix} and {@code @SettingName} adjust the mapping), its value converted to the
   * method's type. Names and types are checked at discovery when the interface is a parameter of the
   * {@code @Workload} method.
   *
   * @throws IllegalArgumentException when a method names no setting or does not fit its type
   */
  <T> T settings(Class<T> type);

  /** The first {@code infermark.model}, if set. */
  Optional<String> model();

  /** The run's client. Every request sent through it is recorded, exactly once. */
  InferenceClient client();

  /** Whether the run was cancelled (Ctrl+C, a JUnit abort, {@link #abort}): stop sending and return. */
  boolean cancelled();

  /**
   * Runs {@code action} once when the run is cancelled (at once when it already is).
   *
   * @return a handle that unregisters it
   */
  Runnable onCancel(Runnable action);

  /**
   * Ends the run early for a cause (the first call wins): cancels it like Ctrl+C; its artifacts say
   * {@code incomplete_reason: reason} and {@code metadata.abort_reason: message}; the run fails with
   * the message.
   *
   * @param reason a short code ({@code connection_failures})
   * @param message what happened, for people
   */
  void abort(String reason, String message);

  /**
   * Adds a section of the run's own to {@code profile_export_aiperf.json}: a top-level field {@code name}
   * holding {@code section}, plain JSON values (maps with string keys, lists, strings, numbers, booleans,
   * {@code null}; copied when given, see {@link dev.infermark.api.request.JsonValues}). The last call for a name
   * wins; the section is written also when the run later fails or is cancelled (the file then says it is partial).
   *
   * @throws IllegalArgumentException when {@code name} is empty or one the export writes itself (a metric tag,
   *     {@code metadata}, {@code input_config}, ...), or {@code section} holds something that is not a JSON value
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  void export(String name, Map<String, ?> section);

  /**
   * The run enters {@code phase}: shown in the progress line; {@link Phase#WARMUP} marks the
   * server-metrics warmup, {@link Phase#PROFILING} opens their window.
   *
   * @param expected how long it should take, or {@code null} when unknown
   */
  void phase(Phase phase, Duration expected);

  /** Profiling stopped sending; requests in flight may finish (the server-metrics window stays open). */
  void grace(Duration expected);

  /**
   * A step that is neither warmup nor profiling (loading a dataset, one AgentPerf search phase):
   * shown in the progress line; it ends an open profiling window.
   */
  void step(String label, Duration expected);

  /** Prints a line to the run's output. */
  void log(String line);

  /** This run's artifact folder (exists). */
  Path artifactDir();
}
