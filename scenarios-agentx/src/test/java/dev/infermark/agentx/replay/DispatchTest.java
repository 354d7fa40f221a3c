package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.infermark.client.InferenceRequest;
import dev.infermark.record.ErrorKind;
import dev.infermark.record.Phase;
import dev.infermark.record.RequestRecord;
import dev.infermark.record.RequestTags;
import dev.infermark.weka.prompt.PromptSource;

class DispatchTest {
  @Test
  void aThrowingClientBecomesAFailedRecordAndTheRunGoesOn() throws Exception {
    RequestTags tags = RequestTags.of("c", "x", 0);
    CompletableFuture<RequestRecord> got = new CompletableFuture<>();
    CompletableFuture<Long> lateness = new CompletableFuture<>();
    long due = System.nanoTime();
    new VirtualThreadDispatcher(request -> {
      throw new IllegalStateException("socket gone");
    }, (out, ns) -> lateness.complete(ns)).send(new Outgoing(Phase.PROFILING, tags, due, () -> InferenceRequest.chat(tags, List.of(), 1), got::complete));
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
