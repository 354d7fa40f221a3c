package dev.infermark.simulator;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;

/**
 * The standalone server: {@code java -jar infermark-simulator.jar --port 8000 [--profile NAME] ...}.
 * Every option is a simulator setting without its {@code simulator-} prefix; {@code --help} lists them.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> values;
    try {
      values = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("infermark-simulator: " + e.getMessage());
      System.err.println("Run with --help to list the options.");
      System.exit(2);
      return;
    }
    if (values == null) {
      usage(System.out);
      return;
    }
    SimulatorConfig config;
    try {
      config = SimulatorConfig.fromSettings(Settings.of(values));
    } catch (RuntimeException e) {
      System.err.println("infermark-simulator: " + e.getMessage());
      System.exit(2);
      return;
    }
    Simulator sim = Simulator.start(config);
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      sim.close();
      stop.countDown();
    }));
    System.out.println("infermark simulator listening on http://" + config.host() + ":" + sim.port() + " ("
        + config.summary() + ")");
    System.out.flush();
    stop.await();
  }

  /**
   * Turns {@code --name value} / {@code --name=value} options into setting values
   * ({@code simulator-name -> value}); {@code null} when help was asked for. The standalone
   * defaults differ from embedded ones: host 0.0.0.0, port 8000.
   *
   * @throws IllegalArgumentException for an unknown option or a missing value
   */
  static Map<String, String> parse(String[] args) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(SimulatorKeys.HOST.name(), "0.0.0.0");
    values.put(SimulatorKeys.PORT.name(), "8000");
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        return null;
      }
      if (!a.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument '" + a + "'");
      }
      String name = a.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("option --" + name + " needs a value");
        }
        value = args[++i];
      }
      if (name.equals("model")) {
        name = "served-model-name";
      }
      SettingKey<?> key = find(name);
      if (key == null) {
        throw new IllegalArgumentException("unknown option --" + name);
      }
      key.parse(value); // fail early, naming the setting
      values.put(key.name(), value);
    }
    return values;
  }

  private static SettingKey<?> find(String option) {
    for (SettingKey<?> k : SimulatorKeys.all()) {
      if (k.name().equals(SimulatorKeys.PREFIX + option)) {
        return k;
      }
    }
    return null;
  }

  static void usage(PrintStream out) {
    out.println("Usage: java -jar infermark-simulator.jar [--option value]...");
    out.println("An OpenAI-compatible inference-server simulator (continuous batching, KV cache, prefix caching).");
    out.println("Standalone defaults: --host 0.0.0.0 --port 8000. Profiles: " + String.join(", ", Profile.all().keySet()
        .stream().sorted().toList()) + ".");
    out.println();
    for (SettingKey<?> k : SimulatorKeys.all()) {
      String opt = "--" + k.name().substring(SimulatorKeys.PREFIX.length());
      String def = k.defaultText() == null ? "" : " (default " + k.defaultText() + ")";
      out.printf("  %-28s %s%s%n", opt, k.doc(), def);
    }
    out.println("  --model                      Alias of --served-model-name.");
    out.println("  --help                       This list.");
  }
}
