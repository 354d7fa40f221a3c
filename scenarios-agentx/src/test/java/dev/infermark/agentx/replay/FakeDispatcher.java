package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;

/** Holds every sent request open until the test completes it (no HTTP, no threads). */
final class FakeDispatcher implements RequestDispatcher {
  /** One sent request. */
  record Sent(Outgoing out, InferenceRequest request, long sentNs) {
    String conversation() {
      return request.tags().conversationId();
    }

    int turn() {
      return request.tags().turnIndex();
    }

    String firstUserText() {
      return request.messages().stream().filter(m -> m.role().equals("user")).findFirst().orElseThrow().content()
          .toString();
    }
  }

  private final FakeClock clock;
  final List<Sent> sent = new ArrayList<>();
  final List<Sent> open = new ArrayList<>();

  /** As {@link VirtualThreadDispatcher}: a turn a returning record made due goes out from the returning thread. */
  boolean fromReturningThread;
  /** The requests sent through {@link #sendNext}. */
  final List<Sent> sentNext = new ArrayList<>();

  FakeDispatcher(FakeClock clock) {
    this.clock = clock;
  }

  @Override
  public void send(Outgoing out) {
    Sent s = new Sent(out, out.build().get(), clock.nowNanos());
    sent.add(s);
    open.add(s);
  }

  @Override
  public boolean sendsFromReturningThread() {
    return fromReturningThread;
  }

  @Override
  public void sendNext(Outgoing out) {
    send(out);
    sentNext.add(sent.getLast());
  }

  /** The open requests the scheduler asked to abort. */
  List<Sent> abortRequested() {
    return open.stream().filter(s -> s.out.abort().requested()).toList();
  }

  /**
   * Returns every open request the scheduler aborted as the client does: {@code CANCELLED}, with
   * its ack and the one chunk received so far.
   */
  int returnAborted() {
    List<Sent> now = abortRequested();
    for (Sent s : now) {
      open.remove(s);
      long end = clock.nowNanos();
      s.out.done().accept(new RequestRecord(s.request.phase(), "r" + sent.indexOf(s), s.request.tags(), s.out.dueNs(),
          s.sentNs, 0, s.sentNs + 1, new long[] {s.sentNs + 2}, end, 10, null, null, null, null, null, null, 200,
          new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the run was cancelled while the request was in flight",
              null)));
    }
    return now.size();
  }

  Sent open(String conversation, int turn) {
    return open.stream().filter(s -> s.conversation().equals(conversation) && s.turn() == turn).findFirst()
        .orElseThrow(() -> new AssertionError("no open request " + conversation + "#" + turn + " in " + describe(open)));
  }

  boolean wasSent(String conversation, int turn) {
    return sent.stream().anyMatch(s -> s.conversation().equals(conversation) && s.turn() == turn);
  }

  void ok(Sent s) {
    finish(s, null);
  }

  void fail(Sent s, ErrorKind kind, String message) {
    finish(s, new RequestError(kind, kind == ErrorKind.CONTEXT_OVERFLOW ? 400 : 500, "Error", message, message));
  }

  /** Completes every open request successfully (snapshot of the open list). */
  int okAll() {
    List<Sent> now = List.copyOf(open);
    now.forEach(this::ok);
    return now.size();
  }

  private void finish(Sent s, RequestError error) {
    if (!open.remove(s)) {
      throw new AssertionError("request not open: " + s.conversation() + "#" + s.turn());
    }
    long end = clock.nowNanos();
    Integer out = s.request.maxTokens();
    long[] chunks = error == null ? new long[] {s.sentNs + 1, end} : new long[0];
    s.out.done().accept(new RequestRecord(s.request.phase(), "r" + sent.indexOf(s), s.request.tags(), s.out.dueNs(),
        s.sentNs, 0, s.sentNs, chunks, end, 10, error == null ? out : null, null, null, null, null,
        error == null ? "length" : null, error == null ? 200 : error.code(), error));
  }

  static String describe(List<Sent> list) {
    return list.stream().map(s -> s.conversation() + "#" + s.turn()).toList().toString();
  }
}
