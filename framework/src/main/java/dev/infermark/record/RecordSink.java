package dev.infermark.record;

import dev.infermark.api.request.RequestRecord;

/** Receives each finished request's record (thread-safe; called from many virtual threads). */
@FunctionalInterface
public interface RecordSink {
  void accept(RequestRecord record);
}
