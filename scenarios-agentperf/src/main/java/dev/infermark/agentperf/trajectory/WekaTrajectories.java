package dev.infermark.agentperf.trajectory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.hub.HfHub;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * Weka traces (the AgentX corpus: {@code infermark.input-file}, {@code public-dataset} or
 * {@code hf-weka-dataset}), or any trace format whose prompts are recorded (a Mooncake or BurstGPT file through
 * {@link TraceFormats#load}), as trajectories. Every stream of every session tree is one trajectory,
 * in trace order, the root first and then its sub-agent streams: a sub-agent is an agent of its
 * own with its own conversation, and an AgentPerf agent keeps one request in flight, so it cannot
 * replay a parent and its children side by side. Turn {@code k} sends the AgentX reconstruction of
 * the recorded prompt (exactly {@code in} tokens under the run's tokenizer), targets the recorded
 * {@code out}, and is followed by the recorded end-to-start gap before turn {@code k+1}, capped.
 *
 * <p>Turns are built when an agent reads them; the corpus keeps only hash ids and plans, so the pool
 * costs what the AgentX corpus costs, whatever the number of agents.
 */
public final class WekaTrajectories implements TrajectorySource {
  /** One replayable stream, cut to the turns that fit the context. */
  private record Entry(ReplayStream stream, int turns) {}

  private final PromptSource prompts;
  private final List<Entry> entries;
  private final Duration maxToolDelay;
  private final String description;

  private WekaTrajectories(PromptSource prompts, List<Entry> entries, Duration maxToolDelay, String description) {
    this.prompts = prompts;
    this.entries = List.copyOf(entries);
    this.maxToolDelay = maxToolDelay;
    this.description = description;
  }

  /**
   * Loads the corpus the settings select ({@link TraceFormats#load}: source, filters and model mapping as
   * in {@code docs/agentx-corpus.md}) with prompts sized by {@code tokenizer}.
   *
   * @throws IllegalArgumentException naming the setting, file, row or field of bad input, or when no
   *     stream's first turn fits {@code maxInputTokens}
   */
  public static WekaTrajectories load(Settings settings, HfHub hub, Tokenizer tokenizer, long seed, int maxInputTokens,
      Duration maxToolDelay) {
    return of(TraceFormats.load(settings, hub, tokenizer, seed), maxInputTokens, maxToolDelay);
  }

  /**
   * The trajectories of a loaded corpus. Each stream ends before its first turn whose recorded input
   * exceeds {@code maxInputTokens}; a stream whose first turn does not fit is left out.
   *
   * @param maxToolDelay the cap on each simulated tool delay (the recorded gap also holds user think
   *     time and waits for sub-agents)
   */
  public static WekaTrajectories of(Corpus corpus, int maxInputTokens, Duration maxToolDelay) {
    if (maxToolDelay == null || maxToolDelay.isNegative()) {
      throw new IllegalArgumentException("the Weka tool delay cap must be zero or positive, got " + maxToolDelay);
    }
    List<Entry> entries = new ArrayList<>();
    int roots = 0;
    int children = 0;
    int dropped = 0;
    int cut = 0;
    for (SessionTree tree : corpus.trees()) {
      List<ReplayStream> streams = new ArrayList<>(1 + tree.children().size());
      streams.add(tree.root());
      streams.addAll(tree.children());
      for (ReplayStream s : streams) {
        if (corpus.prompts().live(s) || corpus.prompts().body(s, 0) != null) {
          // an agent re-sends its conversation's recorded prompt each turn: a conversation file's turns (answers
          // threaded in) and request bodies are not that
          throw new IllegalArgumentException("agentperf-trajectory-source=weka: " + corpus.loader() + " session "
              + s.sessionId() + " is not a recorded prompt history (" + (corpus.prompts().live(s) ? "conversation turns"
              : "request bodies") + "); use a trace with recorded prompts (weka_trace, mooncake_trace, burst_gpt_trace)");
        }
        int keep = fitting(s, maxInputTokens);
        if (keep == 0) {
          dropped++;
          continue;
        }
        if (keep < s.turns().size()) {
          cut++;
        }
        entries.add(new Entry(s, keep));
        if (s.root()) {
          roots++;
        } else {
          children++;
        }
      }
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("no Weka stream fits agentperf-max-context: every first prompt of the "
          + corpus.trees().size() + " traces (" + corpus.loader() + ") exceeds " + maxInputTokens + " input tokens");
    }
    String description = String.format(Locale.ROOT, "Weka traces (%s, %d traces): %d trajectories (%d root, %d sub-agent "
        + "streams), %d cut and %d dropped at %d input tokens, tool delay cap %d ms", corpus.loader(), corpus.trees().size(),
        entries.size(), roots, children, cut, dropped, maxInputTokens, maxToolDelay.toMillis());
    return new WekaTrajectories(corpus.prompts(), entries, maxToolDelay, description);
  }

  private static int fitting(ReplayStream s, int maxInputTokens) {
    int keep = 0;
    while (keep < s.turns().size() && s.turns().get(keep).inputTokens() <= maxInputTokens) {
      keep++;
    }
    return keep;
  }

  @Override
  public int size() {
    return entries.size();
  }

  @Override
  public String describe() {
    return description;
  }

  /** The stream's session id ({@code trace_0014}, {@code trace_0014::sa:agent_001}) is the trajectory id. */
  @Override
  public Trajectory get(int index) {
    Entry e = entries.get(index);
    return new Trajectory(e.stream().sessionId(), null, new TurnsOnDemand(e.turns(), k -> turn(e, k)));
  }

  private Turn turn(Entry e, int k) {
    ReplayTurn t = e.stream().turns().get(k);
    Duration delay = k + 1 < e.turns() ? toolDelay(e.stream().turns().get(k + 1)) : Duration.ZERO;
    return new Turn(prompts.messages(e.stream(), k), List.of(), t.maxTokens(), delay, t.inputTokens());
  }

  /** The recorded gap before {@code next} (previous response end to its start), capped. */
  private Duration toolDelay(ReplayTurn next) {
    double ms = next.delayMs();
    if (!(ms > 0)) {
      return Duration.ZERO;
    }
    Duration d = Duration.ofNanos(Math.round(Math.min(ms, maxToolDelay.toNanos() / 1e6) * 1e6));
    return d.compareTo(maxToolDelay) > 0 ? maxToolDelay : d;
  }
}
