package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Abort;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.fixture.FakeClient;

/** The harness records every request sent through the run's client, exactly once, whatever happens to it. */
class RecordingClientTest {
  private final List<RequestRecord> records = new CopyOnWriteArrayList<>();
  private final List<String> log = new CopyOnWriteArrayList<>();

  private static InferenceRequest request(String id) {
    return InferenceRequest.chat(RequestTags.of("c", id, 0), List.of(ChatMessage.user("hi")), 1);
  }

  @Test
  void everyRequestSentIsRecordedOnceAndReturnedToItsSender() {
    RecordingClient client = new RecordingClient(FakeClient.answering(), records::add, new Cancellation(), log::add);
    RequestRecord r = client.send(request("a"));
    client.send(request("b"));
    assertThat(records).containsExactly(r, records.get(1));
    assertThat(records).extracting(x -> x.tags().correlationId()).containsExactly("a", "b");
  }

  @Test
  void anAbortedRequestIsRecordedWithTheAbortsReason() throws Exception {
    FakeClient server = FakeClient.hangingWhen(r -> true);
    RecordingClient client = new RecordingClient(server, records::add, new Cancellation(), log::add);
    Abort abort = new Abort();
    AtomicReference<RequestRecord> returned = new AtomicReference<>();
    Thread sender = Thread.ofVirtual().start(() -> returned.set(client.send(request("a"), abort)));
    await(() -> !(client.inFlight() == 0 || server.requests().isEmpty()));
    abort.abort(RequestError.cutOff("cut off at the end of phase 3"));
    sender.join();

    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.error().isCutOff()).isTrue();
      assertThat(r.error().message()).isEqualTo("cut off at the end of phase 3");
    });
    assertThat(returned.get()).isEqualTo(records.get(0));
    assertThat(sender.isInterrupted()).as("the abort's interrupt does not leak into the sender").isFalse();
  }

  @Test
  void aRequestAbortedBeforeItLeavesIsStillRecorded() {
    FakeClient server = FakeClient.hangingWhen(r -> true);
    RecordingClient client = new RecordingClient(server, records::add, new Cancellation(), log::add);
    Abort abort = new Abort();
    abort.abort(RequestError.cutOff("the phase was over"));
    RequestRecord r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> client.send(request("a"), abort));
    assertThat(r.error().message()).isEqualTo("the phase was over");
    assertThat(records).containsExactly(r);
  }

  @Test
  void whatTheGeneratorLeftInFlightIsCutOffAtTheEndAndRecorded() throws Exception {
    FakeClient server = FakeClient.hangingWhen(r -> r.tags().correlationId().equals("slow"));
    RecordingClient client = new RecordingClient(server, records::add, new Cancellation(), log::add);
    Thread left = Thread.ofVirtual().start(() -> client.send(request("slow")));
    client.send(request("fast"));
    await(() -> !(client.inFlight() == 0));
    int stragglers = assertTimeoutPreemptively(Duration.ofSeconds(30),
        () -> client.finish(RequestError.cutOff("cut off at the end of the run"), Duration.ofSeconds(20)));
    left.join();

    assertThat(stragglers).isZero();
    assertThat(records).hasSize(2).filteredOn(r -> !r.ok()).singleElement().satisfies(r -> {
      assertThat(r.tags().correlationId()).isEqualTo("slow");
      assertThat(r.error().isCutOff()).isTrue();
      assertThat(r.error().message()).isEqualTo("cut off at the end of the run");
    });
    assertThatThrownBy(() -> client.send(request("after"))).hasMessageContaining("the run is over");
  }

  @Test
  void aCancelledRunsRequestsStayCancelled() throws Exception {
    FakeClient server = FakeClient.hangingWhen(r -> true);
    Cancellation cancellation = new Cancellation();
    cancellation.onCancel(server::cancelInFlight);
    RecordingClient client = new RecordingClient(server, records::add, cancellation, log::add);
    Thread t = Thread.ofVirtual().start(() -> client.send(request("a")));
    await(() -> !(client.inFlight() == 0 || server.requests().isEmpty()));
    cancellation.cancel();
    t.join();
    client.finish(RequestError.cutOff("cut off at the end of the run"), Duration.ofSeconds(5));
    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
      assertThat(r.error().isCutOff()).isFalse();
    });
  }

  @Test
  void aRequestThatNeverComesBackGetsARecordOfItsOwnAndItsLateRecordIsDropped() throws Exception {
    FakeClient server = FakeClient.deaf(r -> FakeClient.Reply.hanging());
    RecordingClient client = new RecordingClient(server, records::add, new Cancellation(), log::add);
    AtomicReference<RequestRecord> late = new AtomicReference<>();
    Thread t = Thread.ofVirtual().start(() -> late.set(client.send(request("deaf"))));
    await(() -> !(client.inFlight() == 0 || server.requests().isEmpty()));
    int stragglers = client.finish(RequestError.cutOff("cut off at the end of the run"), Duration.ofMillis(200));

    assertThat(stragglers).isOne();
    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.tags().correlationId()).isEqualTo("deaf");
      assertThat(r.requestId()).isNull();
      assertThat(r.error().isCutOff()).isTrue();
      assertThat(r.error().message()).isEqualTo("cut off at the end of the run (the aborted request did not return within 0.2 s)");
      assertThat(r.contentChunkNs()).isEmpty();
    });
    server.release();
    t.join();
    assertThat(late.get()).isNotNull();
    assertThat(records).as("the late record is dropped: one record per request").hasSize(1);
    assertThat(log).anyMatch(l -> l.contains("dropped the late record"));
  }

  @Test
  void aTransportThatThrowsStillYieldsOneFailedRecord() {
    RecordingClient client = new RecordingClient(r -> {
      throw new IllegalStateException("socket gone");
    }, records::add, new Cancellation(), log::add);
    RequestRecord r = client.send(request("a"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.PROTOCOL_ERROR);
    assertThat(r.error().message()).contains("socket gone");
    assertThat(records).containsExactly(r);
  }

  @Test
  void aSkipPathKeepsMatchingRecordsOutOfTheRunsRecordsButReturnsThem() {
    RecordingClient client = new RecordingClient(FakeClient.answering(), records::add, new Cancellation(), log::add);
    client.skipPath(r -> r.tags().correlationId().equals("skip"));
    RequestRecord skipped = client.send(request("skip"));
    client.send(request("keep"));
    assertThat(skipped).isNotNull();
    assertThat(records).extracting(r -> r.tags().correlationId()).containsExactly("keep");
  }

  /** Waits (busily, at most 30 s) until {@code condition} holds: another thread's progress, not a time. */
  private static void await(BooleanSupplier condition) {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 30 s");
      }
      Thread.onSpinWait();
    }
  }
}
