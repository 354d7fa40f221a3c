package dev.infermark.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import dev.infermark.client.ChatMessage;
import dev.infermark.client.InferenceRequest;
import dev.infermark.record.Phase;
import dev.infermark.record.RequestError;
import dev.infermark.record.RequestRecord;
import dev.infermark.record.RequestTags;
import dev.infermark.run.LoadGenerator;
import dev.infermark.run.RunContext;
import dev.infermark.run.RunResult;
import dev.infermark.settings.Keys;

/**
 * The generic closed-loop workload: {@code concurrency} virtual users, each replaying the same
 * conversation (its turns in order, the history carrying each reply) again and again.
 *
 * <p>Phases: first {@code warmup-request-count} requests (kept out of the metrics), then profiling
 * until {@code benchmark-duration} has passed or {@code request-count} requests completed; requests
 * in flight then have {@code benchmark-grace-period} to finish before they are cut off. Every
 * request sent is recorded, a cut-off one as cancelled with type {@code CutOff}; a cancel of the
 * run aborts the requests in flight at once (recorded as cancelled) and returns.
 */
public final class Conversations implements LoadGenerator {
  private final List<Turn> turns;

  private Conversations(List<Turn> turns) {
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("a conversation needs at least one turn");
    }
    this.turns = List.copyOf(turns);
  }

  /** Users repeat a conversation of these turns. */
  public static Conversations repeat(Turn... turns) {
    return new Conversations(List.of(turns));
  }

  @Override
  public RunResult run(RunContext ctx) throws InterruptedException {
    List<Integer> levels = ctx.settings().get(Keys.CONCURRENCY);
    if (levels.size() != 1) {
      throw new IllegalArgumentException("infermark.concurrency: this workload runs one level per run; got " + levels
          + " (sweep with a @Param field instead)");
    }
    int users = levels.get(0);
    int warmup = ctx.settings().get(Keys.WARMUP_REQUEST_COUNT);
    if (warmup > 0) {
      ctx.progress().phase("warmup", null);
      runPhase(ctx, Phase.WARMUP, users, null, warmup);
    }
    Duration duration = ctx.settings().get(Keys.BENCHMARK_DURATION);
    int limit = ctx.settings().get(Keys.REQUEST_COUNT);
    ctx.progress().phase("profiling", duration);
    runPhase(ctx, Phase.PROFILING, users, duration, limit);
    return new RunResult();
  }

  private void runPhase(RunContext ctx, Phase phase, int users, Duration duration, int limit) throws InterruptedException {
    long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
    AtomicInteger issued = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    ConcurrentLinkedQueue<Thread> threads = new ConcurrentLinkedQueue<>();
    Duration grace = ctx.settings().get(Keys.BENCHMARK_GRACE_PERIOD);
    AtomicReference<RequestError> cutOff = new AtomicReference<>();
    for (int u = 0; u < users; u++) {
      int user = u;
      threads.add(Thread.ofVirtual().name("infermark-user-" + u).unstarted(() -> {
        try {
          while (!ctx.cancelled() && System.nanoTime() < deadline) {
            if (!playConversation(ctx, phase, user, deadline, issued, limit, cutOff)) {
              return;
            }
          }
        } catch (RuntimeException e) {
          failure.compareAndSet(null, e);
        }
      }));
    }
    // A cancel aborts what is in flight now (the client returns it as cancelled), even a request that was just leaving.
    Runnable unregister = ctx.cancellation().onCancel(() -> threads.forEach(Thread::interrupt));
    try {
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        long wait = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline + grace.toNanos() - System.nanoTime();
        if (wait == Long.MAX_VALUE) {
          t.join();
        } else if (wait <= 0 || !t.join(Duration.ofNanos(wait))) {
          // Past the grace period: what is still in flight is cut off, and recorded as such.
          cutOff.compareAndSet(null, RequestError.cutOff("cut off at the end of the run: still in flight when "
              + "benchmark-grace-period (" + grace.toMillis() / 1000.0 + " s) ran out"));
          t.interrupt();
        }
      }
      for (Thread t : threads) {
        t.join(Duration.ofSeconds(10));
      }
    } finally {
      unregister.run();
    }
    if (failure.get() != null) {
      throw new IllegalStateException("a virtual user failed: " + failure.get(), failure.get());
    }
  }

  /** Plays one conversation; false when the request limit is reached. */
  private boolean playConversation(RunContext ctx, Phase phase, int user, long deadline, AtomicInteger issued, int limit,
      AtomicReference<RequestError> cutOff) {
    String correlation = UUID.randomUUID().toString();
    List<ChatMessage> history = new ArrayList<>();
    for (int k = 0; k < turns.size(); k++) {
      if (ctx.cancelled() || System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
        return true;
      }
      if (limit > 0 && issued.incrementAndGet() > limit) {
        return false;
      }
      Turn turn = turns.get(k);
      history.add(ChatMessage.user(turn.text()));
      RequestTags tags = new RequestTags("conversation-" + user, correlation, k, correlation, null, user, 0, null);
      InferenceRequest req = new InferenceRequest(phase, tags, history, null, null, turn.maxTokens(), null,
          k + 1 < turns.size(), -1);
      RequestRecord r = ctx.client().send(req);
      RequestError why = cutOff.get();
      if (why != null && !ctx.cancelled()) {
        r = r.abortedBecause(why); // aborted by the grace period, not by a cancel
      }
      ctx.record(r);
      history.add(ChatMessage.assistant(r.text() == null ? "" : r.text()));
    }
    return true;
  }
}
