package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.client.ServerClient;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RecordingClient;
import dev.infermark.weka.prompt.PromptSource;

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

  @Test
  void anInternalErrorFailsTheRunInsteadOfHangingIt() {
    PromptSource broken = (stream, turn) -> {
      throw new IllegalStateException("bad block table");
    };
    Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(1, 0, 1_000), broken).start();
    assertThat(h.replay.finished()).isCompletedExceptionally();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.DONE);
  }
}
