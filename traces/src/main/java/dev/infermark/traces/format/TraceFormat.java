package dev.infermark.traces.format;

import java.io.IOException;
import java.util.List;

import dev.infermark.traces.corpus.Corpus;

/**
 * One trace or dataset file format, as AIPerf's custom dataset loaders: it recognizes its files and loads one into
 * the replay model (a {@link Corpus}: session trees, what each turn sends, each request's theoretical prefix-cache
 * hit), which the trace replay, the agentic replay, AA-AgentPerf's trajectories and the chat scenario all play.
 * Implementations are found with {@link java.util.ServiceLoader}: a jar lists its own in
 * {@code META-INF/services/dev.infermark.traces.format.TraceFormat}, and {@code custom-dataset-type} names it, or
 * {@link #recognizes} picks it. See docs/traces.md, "Adding a format".
 */
public interface TraceFormat {
  /** The name {@code custom-dataset-type} selects it by, as AIPerf names it: lower case, e.g. {@code mooncake_trace}. */
  String name();

  /** Other names it answers to ({@code burstgpt}); none by default. */
  default List<String> aliases() {
    return List.of();
  }

  /** What it reads, one line for docs and messages. */
  String description();

  /**
   * Whether its sessions are conversations of user turns whose answers the player threads in (a chat workload plays
   * them, as {@code infermark profile} without {@code --scenario} does), rather than recorded requests a trace replay
   * plays on their timestamps. False by default.
   */
  default boolean conversations() {
    return false;
  }

  /**
   * Whether the file looks like this format: cheap, from the {@linkplain TraceFile#firstRecord first record} or
   * {@linkplain TraceFile#firstLine first line} alone. A file two formats recognize needs {@code custom-dataset-type}.
   */
  boolean recognizes(TraceFile file);

  /**
   * Loads the file. Flat formats (one request a row, sessions of rows) hand their sessions to
   * {@link TraceLoad#corpus}, which applies the run's filters and transforms and rebuilds the prompts.
   *
   * @throws IllegalArgumentException naming the file, the row and the field of bad input
   * @throws IOException when the file cannot be read
   */
  Corpus load(TraceFile file, TraceLoad load) throws IOException;
}
