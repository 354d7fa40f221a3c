package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.protocol.ServerClient;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RecordingClient;
import dev.infermark.traces.prompt.PromptSource;

class DispatchTest {
  @Test
  void aThrowingClientBecomesAFailedRecordAndTheRunGoesOn() throws Exception {
    RequestTags tags = RequestTags.of("c", "x", 0);
    CompletableFuture<RequestRecord> got = new CompletableFuture<>();
    CompletableFuture<Long> lateness = new CompletableFuture<>();
    long due = System.nanoTime();
    ServerClient throwing = request -> {
      throw new IllegalStateException("socket gone");
    };
    new VirtualThreadDispatcher(new RecordingClient(throwing, r -> { }, new Cancellation(), line -> { }), (out, ns) -> lateness.complete(ns)).send(new Outgoing(Phase.PROFILING, tags, due, () -> InferenceRequest.chat(tags, List.of(), 1).withDueNs(due), got::complete));
    RequestRecord r = got.get(30, TimeUnit.SECONDS);
    assertThat(r.ok()).isFalse();
    assertThat(r.error().kind()).isEqualTo(ErrorKind.PROTOCOL_ERROR);
    assertThat(r.error().message()).contains("socket gone");
    assertThat(r.tags()).isEqualTo(tags);
    assertThat(r.dueNs()).isEqualTo(due);
    assertThat(lateness.get(30, TimeUnit.SECONDS)).isNotNegative();
  }

  /**
   * With a lead, a turn goes to the client that long before it is due (prompt and body are made
   * meanwhile) and carries its due instant, at which the client sends it.
   */
  @Test
  void aTurnGoesToTheClientTheClocksLeadBeforeItIsDue() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(1, 0, 10_000));
    h.clock.lead = 50_000_000L;
    h.start();
    List<FakeDispatcher.Sent> sent = h.sent(Phase.PROFILING);
    assertThat(sent).hasSize(1);
    h.net.ok(sent.get(0));
    h.clock.advanceMs(20_000);
    sent = h.sent(Phase.PROFILING);
    assertThat(sent).hasSize(2);
    assertThat(sent.get(1).request().dueNs() - sent.get(1).sentNs()).isEqualTo(50_000_000L);
  }

  /**
   * A turn due after {@code benchmark-duration} ends is never sent, though the clock's lead reaches
   * past the end: profiling stops first and drops it. One due just before the end is sent.
   */
  @Test
  void aTurnDueAfterTheWindowIsNotHandedOverInTheLead() {
    long dueOffset = secondDueOffsetNs(Duration.ofSeconds(900));
    for (long endMinusDueMs : new long[] {-20, 20}) {
      Duration window = Duration.ofNanos(dueOffset + endMinusDueMs * 1_000_000L);
      Harness h = windowHarness(window);
      h.net.ok(h.sent(Phase.PROFILING).get(0));
      h.clock.advanceMs(window.toMillis() + 1_000);
      assertThat(h.sent(Phase.PROFILING)).as("the turn due %d ms after the end", -endMinusDueMs)
          .hasSize(endMinusDueMs > 0 ? 2 : 1);
      assertThat(h.log).anyMatch(l -> l.contains("duration reached"));
    }
  }

  /** When the second turn of {@link #windowHarness} is due, after the profiling start. */
  private static long secondDueOffsetNs(Duration window) {
    Harness h = windowHarness(window);
    long start = h.clock.nowNanos(); // profiling starts at once (no warmup), the clock still
    h.net.ok(h.sent(Phase.PROFILING).get(0));
    h.clock.advanceMs(20_000);
    return h.sent(Phase.PROFILING).get(1).request().dueNs() - start;
  }

  private static Harness windowHarness(Duration window) {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.duration = window;
    Harness h = new Harness(cfg, Trees.pool(1, 0, 10_000));
    h.clock.lead = 50_000_000L;
    return h.start();
  }

  /**
   * A turn due as soon as the previous one returns is taken by the returning thread, with no clock
   * wake-up in between, when the dispatcher sends from there; otherwise the clock's wake-up sends it.
   */
  @Test
  void aTurnDueOnReturnIsSentFromTheReturningThread() {
    for (boolean fromReturning : new boolean[] {false, true}) {
      Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(1, 0, 0, 0));
      h.net.fromReturningThread = fromReturning;
      h.start();
      assertThat(h.sent(Phase.PROFILING)).hasSize(1);
      h.net.ok(h.sent(Phase.PROFILING).get(0));
      assertThat(h.sent(Phase.PROFILING)).as("before the clock runs").hasSize(fromReturning ? 2 : 1);
      h.clock.runDue();
      assertThat(h.sent(Phase.PROFILING)).hasSize(2);
      h.net.ok(h.sent(Phase.PROFILING).get(1));
      h.clock.runDue();
      assertThat(h.sent(Phase.PROFILING)).hasSize(3);
      assertThat(h.net.sentNext).hasSize(fromReturning ? 2 : 0);
    }
  }

  /** The request sent from inside a record's hand-over runs on the thread that returned it; a second one gets its own. */
  @Test
  void theVirtualThreadDispatcherSendsTheNextRequestFromTheReturningThread() throws Exception {
    Map<String, Thread> threads = new ConcurrentHashMap<>();
    ServerClient server = request -> {
      threads.put(request.tags().conversationId(), Thread.currentThread());
      throw new IllegalStateException("no server here");
    };
    VirtualThreadDispatcher d = new VirtualThreadDispatcher(new RecordingClient(server, r -> { }, new Cancellation(), line -> { }),
        (out, ns) -> { });
    CompletableFuture<RequestRecord> second = new CompletableFuture<>();
    CompletableFuture<RequestRecord> third = new CompletableFuture<>();
    Outgoing o2 = outgoing("c2", second::complete);
    Outgoing o3 = outgoing("c3", third::complete);
    d.send(outgoing("c1", r -> {
      d.sendNext(o2);
      d.sendNext(o3);
    }));
    second.get(30, TimeUnit.SECONDS);
    third.get(30, TimeUnit.SECONDS);
    assertThat(threads.get("c2")).isSameAs(threads.get("c1"));
    assertThat(threads.get("c3")).isNotSameAs(threads.get("c1"));
  }

  private static Outgoing outgoing(String conversation, Consumer<RequestRecord> done) {
    RequestTags tags = RequestTags.of(conversation, "x", 0);
    return new Outgoing(Phase.PROFILING, tags, -1, () -> InferenceRequest.chat(tags, List.of(), 1), done);
  }

  @Test
  void anInternalErrorFailsTheRunInsteadOfHangingIt() {
    PromptSource broken = (stream, turn) -> {
      throw new IllegalStateException("bad block table");
    };
    Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(1, 0, 1_000), broken).start();
    assertThat(h.replay.finished()).isCompletedExceptionally();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.DONE);
  }

  /**
   * A record reaches the sink (which writes the export line) with the scheduler's lock free, so the
   * timer thread is never held up by it; and the run finishes only once every record is in.
   */
  @Test
  void recordsReachTheSinkOutsideTheSchedulerLock() {
    FakeClock clock = new FakeClock();
    FakeDispatcher net = new FakeDispatcher(clock);
    AtomicReference<AgenticReplay> replay = new AtomicReference<>();
    List<RequestRecord> records = new ArrayList<>();
    List<Boolean> lockFree = new ArrayList<>();
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.duration = java.time.Duration.ofSeconds(3);
    AgenticReplay r = new AgenticReplay(cfg.build(), Trees.pool(2, 0, 1_000, 2_000), Trees.PROMPTS, clock, net, rec -> {
      if (lockFree.isEmpty()) {
        // Another thread takes the scheduler's lock while the sink runs: it could not, were the sink called under it.
        try {
          CompletableFuture.supplyAsync(() -> replay.get().stats()).get(10, TimeUnit.SECONDS);
          lockFree.add(true);
        } catch (Exception e) {
          lockFree.add(false);
        }
      }
      records.add(rec);
    }, m -> {});
    replay.set(r);
    r.start();
    clock.runDue();
    for (int i = 0; i < 20 && !net.open.isEmpty(); i++) {
      net.okAll();
      clock.advanceMs(1_000);
    }
    clock.advanceMs(60_000);
    assertThat(r.finished()).isDone().isNotCompletedExceptionally();
    assertThat(records).hasSize(net.sent.size()).isNotEmpty();
    assertThat(lockFree).containsExactly(true);
  }
}
