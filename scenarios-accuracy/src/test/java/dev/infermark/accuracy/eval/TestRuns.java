package dev.infermark.accuracy.eval;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import dev.infermark.run.HarnessContext;
import dev.infermark.settings.Settings;
import dev.infermark.testkit.ScenarioTestKit;

/** A run's context without the engine, as the scenarios are run by anything that has one; records kept here. */
public final class TestRuns {
  public final List<RequestRecord> records = new CopyOnWriteArrayList<>();
  public final List<String> log = new CopyOnWriteArrayList<>();

  /** Runs {@code generator} on {@code ctx}, then writes the result formats that apply, as the runner does. */
  public RunResult run(SelfPhased generator, HarnessContext ctx) throws Exception {
    RunResult r = generator.run(ctx);
    ScenarioTestKit.writeResults(ctx, r);
    return r;
  }

  public HarnessContext context(String scenario, Map<String, String> settings, ServerClient client, Path artifacts,
      URI target) {
    return HarnessContext.builder().scenario(scenario).settings(Settings.of(settings)).target(target, false)
        .client(ScenarioTestKit.recording(client, records::add)).artifactDir(artifacts).seed(1L).log(log::add).build();
  }
}
