package dev.infermark.simulator;

import java.io.IOException;
import java.util.Collections;
import java.util.List;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;

/**
 * Starts the simulator as the run's target when {@code infermark.url} is unset: on 127.0.0.1 and
 * an ephemeral port, with {@code max-num-seqs} raised to the run's highest concurrency so the
 * engine never queues what the scenario means to run at once.
 */
public final class SimulatorProvider implements EmbeddedServerProvider {
  @Override
  public EmbeddedServer start(Settings settings) throws IOException {
    SimulatorConfig base = SimulatorConfig.fromSettings(settings);
    SimulatorConfig.Builder b = base.toBuilder();
    if (!settings.isSet(SimulatorKeys.HOST)) {
      b.host("127.0.0.1");
    }
    if (!settings.isSet(SimulatorKeys.PORT)) {
      b.port(0);
    }
    if (!settings.isSet(SimulatorKeys.MAX_NUM_SEQS)) {
      List<Integer> c = settings.get(Keys.CONCURRENCY);
      int most = c == null || c.isEmpty() ? 1 : Collections.max(c);
      b.maxNumSeqs(Math.max(base.maxNumSeqs(), most));
    }
    Simulator sim = Simulator.start(b.build());
    String description = "embedded " + sim.config().summary() + " at " + sim.baseUri();
    return new EmbeddedServer() {
      @Override
      public java.net.URI baseUri() {
        return sim.baseUri();
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public void close() {
        sim.close();
      }
    };
  }
}
