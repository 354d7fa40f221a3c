package dev.infermark.traces.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.FixedSchedule;
import dev.infermark.api.RunContext;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.format.TraceKeys;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.prompt.TheoreticalPrefixCache;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plays a dataset's sessions (every stream of its replay model: a Mooncake row or session, a conversation, a Weka
 * trace's root and sub-agent streams each on its own). On a fixed schedule ({@code fixed-schedule}, on by default
 * when the trace has timestamps), session {@code i} in timestamp order is the harness pacer's arrival {@code i}: its
 * first request is due at {@code (timestamp - zero) / replay-speedup}, where zero is 0,
 * {@code fixed-schedule-start-offset}, or the first timestamp with {@code fixed-schedule-auto-offset}. Without one,
 * the run's load model starts the sessions (a closed loop's users or a rate's arrivals each play the next session,
 * from the first again after the last).
 *
 * <p>A session's later turns leave when their recorded timing says, and not before the previous answer: at
 * {@code max(first due + (timestamp - first timestamp) / speedup, previous end + delay / speedup)} (a row with only
 * a delay, only the second). A recorded turn sends its whole recorded prompt; a conversation's turn adds its user
 * message after the server's previous answer. Each finished profiling request adds its theoretical prefix-cache hit.
 */
public final class TraceReplay implements FixedSchedule, ClosedLoop {
  /** How many affinity keys sessions share at most. */
  private static final int AFFINITY_KEYS = 1 << 16;

  private final List<ReplayStream> sessions;
  private final PromptSource prompts;
  private final long[] schedule;
  private final double speedup;
  private final TheoreticalPrefixCache prefixCache;
  private final ObjectNode extras;
  private final AtomicLong next = new AtomicLong();

  TraceReplay(Corpus corpus, long[] schedule, List<ReplayStream> sessions, double speedup, ObjectNode extras) {
    this.sessions = List.copyOf(sessions);
    this.prompts = corpus.prompts();
    this.schedule = schedule;
    this.speedup = speedup;
    this.prefixCache = new TheoreticalPrefixCache(corpus.prefixCache());
    this.extras = extras;
  }

  /**
   * Loads the run's dataset ({@link TraceFormats#load}) and reads the schedule's settings.
   *
   * @throws IllegalArgumentException naming a setting that cannot be used, or bad input
   */
  public static TraceReplay load(RunContext ctx) {
    if (!(ctx instanceof MethodologyContext m)) {
      throw new IllegalArgumentException("the trace replay runs under infermark's harness (a MethodologyContext), got "
          + ctx.getClass().getName());
    }
    ctx.step("dataset", null);
    Corpus corpus = TraceFormats.load(m);
    m.exportExtras().withObjectProperty("metadata").set("dataset", corpus.datasetMetadata());
    TraceReplay replay = of(corpus, m.settings(), m.exportExtras());
    ctx.log("trace-replay: " + corpus.loader() + ": " + replay.sessions.size() + " sessions, " + corpus.requestCount()
        + " requests; " + replay.describe());
    return replay;
  }

  /** The replay of a loaded corpus under these settings. */
  static TraceReplay of(Corpus corpus, Settings s, ObjectNode extras) {
    List<ReplayStream> streams = new ArrayList<>();
    for (SessionTree t : corpus.trees()) {
      streams.add(t.root());
      streams.addAll(t.children());
    }
    Boolean fixed = s.get(TraceKeys.FIXED_SCHEDULE);
    double speedup = s.get(TraceKeys.REPLAY_SPEEDUP);
    if (!(speedup > 0) || Double.isInfinite(speedup)) {
      throw new IllegalArgumentException(TraceKeys.REPLAY_SPEEDUP.property() + " must be above 0, got " + speedup);
    }
    if (Boolean.TRUE.equals(fixed) && !corpus.timestamps()) {
      throw new IllegalArgumentException(TraceKeys.FIXED_SCHEDULE.property() + ": " + corpus.loader() + " "
          + corpus.datasetMetadata().path("input_file").asString("") + " has no timestamps to replay; leave it out to play "
          + "the sessions under the run's load model (concurrency, request-rate)");
    }
    if (fixed == null ? !corpus.timestamps() : !fixed) {
      for (SettingKey<?> k : List.of(TraceKeys.FIXED_SCHEDULE_AUTO_OFFSET, TraceKeys.REPLAY_SPEEDUP)) {
        if (s.isSet(k)) {
          throw new IllegalArgumentException(k.property() + " shapes a fixed schedule, and this run has none ("
              + (fixed == null ? corpus.loader() + " has no timestamps" : TraceKeys.FIXED_SCHEDULE.property() + " false")
              + "); remove it");
        }
      }
      return new TraceReplay(corpus, null, streams, 1, extras);
    }
    // sessions in timestamp order (then file order): arrival i plays session i
    List<ReplayStream> ordered = new ArrayList<>(streams);
    ordered.sort(Comparator.comparingDouble(r -> r.turns().getFirst().timestampMs()));
    double zero = 0;
    Long start = s.get(TraceKeys.FIXED_SCHEDULE_START_OFFSET);
    if (s.get(TraceKeys.FIXED_SCHEDULE_AUTO_OFFSET)) {
      zero = ordered.getFirst().turns().getFirst().timestampMs();
    } else if (start != null) {
      zero = start;
    }
    long[] offsets = new long[ordered.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = Math.max(0, Math.round((ordered.get(i).turns().getFirst().timestampMs() - zero) / speedup * 1e6));
    }
    return new TraceReplay(corpus, offsets, ordered, speedup, extras);
  }

  @Override
  public long[] arrivalOffsetsNanos() {
    return schedule;
  }

  private String describe() {
    if (schedule == null) {
      return "played under the run's load model";
    }
    return String.format(Locale.ROOT, "fixed schedule over %.1f s (replay-speedup %s)",
        schedule[schedule.length - 1] / 1e9, speedup);
  }

  @Override
  public void iterate(VirtualUser user) {
    long i = schedule != null ? user.index() : next.getAndIncrement() % sessions.size();
    play(sessions.get((int) i), user);
  }

  private void play(ReplayStream s, VirtualUser user) {
    String correlation = UUID.randomUUID().toString();
    String affinity = s.turns().size() > 1 ? "session-" + Math.floorMod(s.sessionId().hashCode(), AFFINITY_KEYS) : null;
    boolean live = prompts.live(s);
    List<ChatMessage> history = new ArrayList<>();
    long firstDue = -1;
    RequestRecord prev = null;
    for (int k = 0; k < s.turns().size(); k++) {
      ReplayTurn t = s.turns().get(k);
      long due = -1; // the first turn: the pacer's instant (or now, in a closed loop)
      if (prev != null) {
        long afterAnswer = prev.endNs() + Math.round(t.delayMs() / speedup * 1e6);
        long onClock = schedule == null ? Long.MIN_VALUE
            : firstDue + Math.round((t.timestampMs() - s.turns().getFirst().timestampMs()) / speedup * 1e6);
        due = Math.max(afterAnswer, onClock);
      }
      List<ChatMessage> messages;
      if (live) {
        history.addAll(prompts.messages(s, k));
        messages = List.copyOf(history);
      } else {
        messages = prompts.messages(s, k);
      }
      boolean keep = live && k + 1 < s.turns().size();
      InferenceRequest req = new InferenceRequest(user.phase(), tags(s, k, correlation, user.index()), messages, null,
          t.model(), t.maxTokens() < 0 ? null : t.maxTokens(), prompts.body(s, k), keep, due, affinity);
      RequestRecord r = user.client().send(req);
      prefixCache.accept(r);
      publish();
      if (k == 0) {
        firstDue = r.dueNs();
      }
      if (live && k + 1 < s.turns().size()) {
        if (!r.ok()) {
          return; // the next turn needs this answer in its history
        }
        history.add(ChatMessage.assistant(r.text() == null ? "" : r.text()));
      }
      prev = r;
    }
  }

  /** The run's {@code theoretical_prefix_cache_hit} so far, in the export's extras (absent until a request has blocks). */
  private void publish() {
    ObjectNode hit = prefixCache.json();
    if (hit != null) {
      synchronized (extras) {
        extras.set(TheoreticalPrefixCache.TAG, hit);
      }
    }
  }

  private static RequestTags tags(ReplayStream s, int k, String correlation, int user) {
    ReplayTurn t = s.turns().get(k);
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("source_trace_id", s.root() ? s.sessionId() : s.parentSessionId());
    extra.put("source_outer_idx", t.sourceOuterIndex());
    extra.put("source_inner_idx", t.sourceInnerIndex());
    return new RequestTags(s.sessionId(), correlation, k, correlation, null, user, s.agentDepth(), extra);
  }
}
