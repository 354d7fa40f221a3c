package dev.infermark.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;

/** {@code profile_export_aiperf.json}: AIPerf's summary of the profiling (and warmup) phase ({@link AiperfJson}). */
public final class AiperfJsonFormat implements ResultFormat {
  public static final String NAME = "aiperf-json";
  public static final String FILE = "profile_export_aiperf.json";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return FILE;
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.measured().isPresent();
  }

  @Override
  public void write(RunResults results, Consumer<String> console) throws IOException {
    Path file = results.runDir().resolve(FILE);
    AtomicFile.write(file, out -> Json.PRETTY.writeValue(out, AiperfJson.tree(results.info(), results.recorded())));
  }
}
