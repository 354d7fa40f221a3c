package dev.infermark.agentx.replay;

import dev.infermark.api.request.RequestError;

/** A request handed to the dispatcher whose record has not come back yet. */
final class Wire {
  final Outgoing out;
  final StreamRun run;
  final int turn;
  final Timer.Kind kind;
  /** Why the scheduler aborted it (its record then says so), or {@code null}. */
  RequestError abortedAs;
  /** No longer counted as in flight (a primer the warmup grace period cut off): only its record is awaited. */
  boolean bookedOff;

  Wire(Outgoing out, StreamRun run, int turn, Timer.Kind kind) {
    this.out = out;
    this.run = run;
    this.turn = turn;
    this.kind = kind;
  }

  /** Asks the dispatcher to abort it, once; its record will say {@code why}. */
  void abort(RequestError why) {
    if (abortedAs == null) {
      abortedAs = why;
      out.abort().request(why);
    }
  }
}
