package dev.infermark.accuracy.eval;

import dev.infermark.client.InferenceClient;
import dev.infermark.record.RequestRecord;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.run.RunContext;
import dev.infermark.settings.Settings;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** A RunContext without the engine, as the scenarios are run by anything that has one. */
public final class TestRuns {
  public final List<RequestRecord> records = new CopyOnWriteArrayList<>();
  public final List<String> log = new CopyOnWriteArrayList<>();

  public RunContext context(String scenario, Map<String, String> settings, InferenceClient client, Path artifacts, URI target) {
    return new RunContext(scenario, Map.of(), Settings.of(settings), target, false, client, records::add, new Progress(),
        new Cancellation(), artifacts, Optional.empty(), null, 1L, log::add);
  }
}
