package dev.infermark.record;

/** Receives each finished request's record (thread-safe; called from many virtual threads). */
@FunctionalInterface
public interface RecordSink {
  void accept(RequestRecord record);
}
