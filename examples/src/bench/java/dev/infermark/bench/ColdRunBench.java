package dev.infermark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The cold-run benchmark (issue 31): what a run costs as a user runs it, start-up, warm-up and the
 * cold JVM included. The command line ({@code bin/infermark profile}, the README example
 * {@code chat-latency} from {@code examples/target/test-classes}) runs as a child process whose whole
 * process tree is measured ({@link TreeMeter}: {@code ../shared/bench/cgrun.py}), against the paced C
 * server {@code sse_floor serve PORT 20 TOKENS burst}, beside the C floor client ({@code sse_floor
 * client}) in the same window. Per load shape (200 streams × 200 tokens, 1,000 × 100) and per
 * {@code bench.cold-reps} (3) interleaved repetitions: the floor, a 1-request run (the fixed cost: CPU,
 * and wall over the streaming itself) and the full run (CPU per chunk gross, and net of the 1-request
 * run), for each JVM variant of {@code bench.cold-variants}: {@code default} (bin/infermark as
 * documented: its AOT cache where there is one), {@code no-aot} ({@code -XX:AOTMode=off}), {@code c1}
 * ({@code -XX:TieredStopAtLevel=1}, C1 only). Then the same scenario under Maven as the README runs
 * it ({@code mvn -q test -Dinfermark.scenario=chat-latency ...} in the repository), whose forked
 * JVM is measured on its own through Surefire's {@code jvm} (a wrapper around {@code java}).
 * Medians go to {@code target/bench/cold.json} with the ratios to the floor and the targets' verdicts.
 *
 * <p>System properties: {@code bench.out}, {@code bench.root} (the repository: {@code bin/infermark},
 * {@code examples/target/test-classes}), {@code bench.cold-reps}, {@code bench.cold-variants}, {@code bench.cold-shapes}
 * ({@code 200x200,1000x100}; the targets are judged at 200x200),
 * {@code bench.cold-maven} ({@code true}), {@code bench.mvn} (Maven's launcher), {@code bench.mvn-offline}
 * ({@code -o} for it), {@code bench.mvn-repo} (its local repository).
 */
public final class ColdRunBench {
  private ColdRunBench() {}

  /** A load shape: streams at once (= requests), content chunks each. */
  record Shape(String name, int streams, int tokens) {
    long chunks() {
      return (long) streams * tokens;
    }
  }

  /** A JVM variant of the command line: extra {@code JAVA_OPTS}. */
  record Variant(String name, String javaOpts) {}

  static final List<Shape> SHAPES = List.of(new Shape("200x200", 200, 200), new Shape("1000x100", 1000, 100));
  static final Map<String, String> VARIANTS = Map.of("default", "", "no-aot", "-XX:AOTMode=off",
      "c1", "-XX:TieredStopAtLevel=1");
  static final int INTERVAL_MS = 20;

  /** The targets (issue 31), as ratios and seconds in one run. */
  static final double FIXED_CPU_S = 1.5;
  static final double FIXED_WALL_S = 2.0;
  static final double GROSS_OVER_FLOOR = 6;
  static final double NET_OVER_FLOOR = 2;

  /** One measured run: the tree's CPU and wall, what the run's artifacts say, and where they are. */
  record Run(double cpuS, double wallS, double streamingS, long requests, long errors, double forkCpuS,
      double forkWallS, String folder) {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(System.getProperty("bench.out", "target/bench/cold.json")).toAbsolutePath();
    Path root = Path.of(System.getProperty("bench.root", "..")).toAbsolutePath().normalize();
    int reps = Integer.parseInt(System.getProperty("bench.cold-reps", "3"));
    List<Variant> variants = Arrays.stream(System.getProperty("bench.cold-variants", "default,no-aot,c1").split(","))
        .map(String::strip).filter(v -> !v.isEmpty()).map(v -> {
          if (!VARIANTS.containsKey(v)) {
            throw new IllegalArgumentException("bench.cold-variants: unknown variant " + v + " (known: " + VARIANTS.keySet() + ")");
          }
          return new Variant(v, VARIANTS.get(v));
        }).toList();
    boolean maven = Boolean.parseBoolean(System.getProperty("bench.cold-maven", "true"));
    // the targets are judged at the first shape (200x200); the others are measured for the record
    List<String> shapeNames = SHAPES.stream().map(Shape::name).toList();
    List<Shape> shapes = Arrays.stream(System.getProperty("bench.cold-shapes", String.join(",", shapeNames)).split(","))
        .map(String::strip).filter(n -> !n.isEmpty()).map(n -> SHAPES.stream().filter(x -> x.name().equals(n)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("bench.cold-shapes: unknown shape " + n + " (known: " + shapeNames + ")")))
        .toList();
    Path work = out.getParent().resolve("cold");
    Files.createDirectories(work);

    ObjectNode result = Jvm.describe();
    result.put("command", "bin/infermark profile --scenario chat-latency --classpath examples/target/test-classes "
        + "--param inputTokens=128 --preflight false --url http://127.0.0.1:PORT --concurrency N --request-count N");
    result.put("maven_command", "mvn -q test -Dinfermark.scenario=chat-latency -Dinfermark.param.inputTokens=128 "
        + "-Dinfermark.preflight=false -Dinfermark.url=http://127.0.0.1:PORT -Dinfermark.concurrency=N -Dinfermark.request-count=N");
    result.put("server", "sse_floor serve PORT " + INTERVAL_MS + " TOKENS burst");
    Path launcher = root.resolve("bin/infermark");
    Path scenarios = root.resolve("examples/target/test-classes");
    Path floor = SseFloor.build(work, result);
    if (floor == null) {
      write(out, result);
      return;
    }
    if (!Files.isDirectory(scenarios) || !Files.isRegularFile(root.resolve("cli/target/infermark.jar"))) {
      result.put("skipped", "needs cli/target/infermark.jar and examples/target/test-classes under " + root
          + " (mvn -Pbench -pl examples -am verify -DskipTests builds both)");
      write(out, result);
      return;
    }
    TreeMeter meter = TreeMeter.find(work);
    result.put("meter", meter.how());
    Path aot = root.resolve("cli/target/infermark.aot");
    result.put("aot_cache", Files.isRegularFile(aot) ? aot + " (" + Files.size(aot) / (1 << 20) + " MB)" : "none");

    ObjectNode cases = result.putObject("cases");
    for (Shape s : shapes) {
      cases.set(s.name(), shape(s, variants, maven && s == SHAPES.getFirst(), reps, meter, floor, launcher, scenarios,
          root, work.resolve(s.name())));
      write(out, result); // each shape as it completes
    }
    result.put("system_load_average_end", Jvm.load());
    result.set("targets", verdicts(cases, variants, maven));
    write(out, result);
  }

  private static ObjectNode shape(Shape s, List<Variant> variants, boolean maven, int reps, TreeMeter meter, Path floor,
      Path launcher, Path scenarios, Path root, Path dir) throws Exception {
    int port = SseFloor.freePort();
    Process server = SseFloor.serve(floor, port, INTERVAL_MS, s.tokens(), "burst");
    String url = "http://127.0.0.1:" + port;
    List<Double> floorCpu = new ArrayList<>();
    List<ObjectNode> floorRuns = new ArrayList<>();
    Map<String, List<Run>> runs = new LinkedHashMap<>();
    try {
      for (int rep = 0; rep < reps; rep++) {
        TreeMeter.Measured f = meter.run("floor-" + rep, SseFloor.withOpenFiles(floor.toString(), "client",
            Integer.toString(port), Integer.toString(s.streams())), Map.of(), dir, 300);
        ObjectNode own = (ObjectNode) Json.parse(SseFloor.lastLine(f.output().lines()
            .filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElse("{}")));
        own.put("process_cpu_s", f.cpuS());
        own.put("process_wall_s", f.wallS());
        floorRuns.add(own);
        floorCpu.add(f.cpuS());
        System.out.printf("%s floor: %.3f s CPU, %.2f us/chunk%n", s.name(), f.cpuS(), f.cpuS() * 1e6 / s.chunks());
        for (Variant v : variants) {
          for (int n : new int[] {1, s.streams()}) {
            String name = v.name() + "-" + n + "-" + rep;
            Run r = cli(meter, launcher, scenarios, url, n, v, dir.resolve(name), name);
            runs.computeIfAbsent(v.name() + "/" + (n == 1 ? "one" : "many"), k -> new ArrayList<>()).add(r);
            System.out.printf("%s %s: %.3f s CPU, %.2f s wall (streaming %.2f s), %d requests, %d errors%n", s.name(), name,
                r.cpuS(), r.wallS(), r.streamingS(), r.requests(), r.errors());
          }
        }
        if (maven) {
          for (int n : new int[] {1, s.streams()}) {
            String name = "maven-" + n + "-" + rep;
            Run r = maven(meter, root, url, n, dir.resolve(name), name);
            runs.computeIfAbsent("maven/" + (n == 1 ? "one" : "many"), k -> new ArrayList<>()).add(r);
            System.out.printf("%s %s: %.3f s CPU in all, fork %.3f s CPU, %.2f s wall (streaming %.2f s)%n", s.name(), name,
                r.cpuS(), r.forkCpuS(), r.forkWallS(), r.streamingS());
          }
        }
      }
    } finally {
      SseFloor.stop(List.of(server));
    }
    ObjectNode o = Json.object();
    o.put("streams", s.streams());
    o.put("tokens", s.tokens());
    o.put("chunks", s.chunks());
    o.put("system_load_average", Jvm.load());
    ObjectNode fl = o.putObject("floor");
    double floorPerChunk = median(floorCpu) * 1e6 / s.chunks();
    fl.put("cpu_s", round(median(floorCpu)));
    fl.put("cpu_us_per_chunk", round(floorPerChunk));
    fl.put("own_cpu_us_per_chunk", median(floorRuns.stream().map(r -> r.path("client_cpu_us_per_chunk").asDouble()).toList()));
    floorRuns.forEach(fl.withArray("runs")::add);
    ObjectNode clients = o.putObject("infermark");
    for (String who : runs.keySet().stream().map(k -> k.substring(0, k.indexOf('/'))).distinct().toList()) {
      clients.set(who, figures(runs.get(who + "/one"), runs.get(who + "/many"), s, floorPerChunk, who.equals("maven")));
    }
    return o;
  }

  /** Medians of one client's runs, the fixed cost and the per-chunk costs, and their ratios to the floor. */
  private static ObjectNode figures(List<Run> one, List<Run> many, Shape s, double floorPerChunk, boolean maven) {
    ObjectNode o = Json.object();
    ObjectNode a = o.putObject("one_request");
    double cpu1 = median(one, maven ? Run::forkCpuS : Run::cpuS);
    double wall1 = median(one, maven ? Run::forkWallS : Run::wallS);
    double stream1 = median(one, Run::streamingS);
    a.put("cpu_s", round(cpu1));
    a.put("wall_s", round(wall1));
    a.put("streaming_s", round(stream1));
    a.put("fixed_cpu_s", round(cpu1));
    a.put("fixed_wall_s", round(wall1 - stream1));
    if (maven) {
      a.put("maven_and_fork_cpu_s", round(median(one, Run::cpuS)));
      a.put("maven_and_fork_wall_s", round(median(one, Run::wallS)));
    }
    one.forEach(r -> a.withArray("runs").addPOJO(r));
    ObjectNode b = o.putObject("full_run");
    double cpuN = median(many, maven ? Run::forkCpuS : Run::cpuS);
    b.put("cpu_s", round(cpuN));
    b.put("wall_s", round(median(many, maven ? Run::forkWallS : Run::wallS)));
    b.put("streaming_s", round(median(many, Run::streamingS)));
    double gross = cpuN * 1e6 / s.chunks();
    double net = (cpuN - cpu1) * 1e6 / (s.chunks() - s.tokens());
    b.put("gross_cpu_us_per_chunk", round(gross));
    b.put("net_cpu_us_per_chunk", round(net));
    b.put("gross_over_floor", round(gross / floorPerChunk));
    b.put("net_over_floor", round(net / floorPerChunk));
    if (maven) {
      b.put("maven_and_fork_cpu_s", round(median(many, Run::cpuS)));
    }
    many.forEach(r -> b.withArray("runs").addPOJO(r));
    long bad = Stream.concat(one.stream(), many.stream()).filter(r -> r.errors() != 0).count();
    long short_ = one.stream().filter(r -> r.requests() != 1).count() + many.stream().filter(r -> r.requests() != s.streams()).count();
    o.put("complete", bad == 0 && short_ == 0);
    return o;
  }

  /** The targets' verdicts, per client, for the 200 × 200 shape. */
  private static ObjectNode verdicts(ObjectNode cases, List<Variant> variants, boolean maven) {
    ObjectNode t = Json.object();
    t.put("fixed_cpu_s", FIXED_CPU_S);
    t.put("fixed_wall_s", FIXED_WALL_S);
    t.put("gross_over_floor", GROSS_OVER_FLOOR);
    t.put("net_over_floor", NET_OVER_FLOOR);
    t.put("shape", SHAPES.getFirst().name());
    JsonNode c = cases.path(SHAPES.getFirst().name()).path("infermark");
    List<String> who = new ArrayList<>(variants.stream().map(Variant::name).toList());
    if (maven) {
      who.add("maven");
    }
    for (String w : who) {
      JsonNode f = c.path(w);
      if (f.isMissingNode()) {
        continue;
      }
      ObjectNode v = t.putObject(w);
      v.put("fixed_cpu_met", f.at("/one_request/fixed_cpu_s").asDouble() <= FIXED_CPU_S);
      v.put("fixed_wall_met", f.at("/one_request/fixed_wall_s").asDouble() <= FIXED_WALL_S);
      v.put("gross_met", f.at("/full_run/gross_over_floor").asDouble() <= GROSS_OVER_FLOOR);
      v.put("net_met", f.at("/full_run/net_over_floor").asDouble() <= NET_OVER_FLOOR);
    }
    return t;
  }

  /** One command-line run of the README example at {@code n} streams, measured as a whole. */
  private static Run cli(TreeMeter meter, Path launcher, Path scenarios, String url, int n, Variant v, Path dir, String name)
      throws Exception {
    Path artifacts = fresh(dir.resolve("artifacts"));
    List<String> cmd = new ArrayList<>(SseFloor.withOpenFiles(launcher.toString(), "profile", "--scenario", "chat-latency",
        "--classpath", scenarios.toString(), "--param", "inputTokens=128", "--preflight", "false", "--url", url,
        "--concurrency", Integer.toString(n), "--request-count", Integer.toString(n),
        "--output-artifact-dir", artifacts.toString()));
    TreeMeter.Measured m = meter.run(name, cmd, Map.of("JAVA_OPTS", v.javaOpts()), dir, 600);
    return run(m, artifacts, 0, 0, name);
  }

  /**
   * The README example under Maven ({@code mvn -q test -Dinfermark.scenario=chat-latency}) at
   * {@code n} streams: the whole tree measured, and the forked JVM on its own through a wrapper
   * around {@code java} given to Surefire as its {@code jvm}.
   */
  private static Run maven(TreeMeter meter, Path root, String url, int n, Path dir, String name) throws Exception {
    Files.createDirectories(dir);
    Path artifacts = fresh(dir.resolve("artifacts"));
    Path forkLog = dir.resolve("fork.log");
    Files.deleteIfExists(forkLog);
    Path java = dir.resolve("forkjvm/bin/java"); // Surefire wants a path ending in bin/java
    Files.createDirectories(java.getParent());
    Files.writeString(java, """
        #!/bin/bash
        # Surefire's forked JVM, measured: its wall and the CPU of all its threads (bash's times) go to the log.
        s=$(date +%%s%%N)
        "%s" "$@"
        rc=$?
        e=$(date +%%s%%N)
        t=$(mktemp)
        times > "$t" # in this shell: a $(...) subshell has no children
        echo "FORK $rc $s $e $(tail -1 "$t")" >> "%s"
        rm -f "$t"
        exit $rc
        """.formatted(Path.of(System.getProperty("java.home"), "bin", "java"), forkLog));
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    List<String> cmd = new ArrayList<>(List.of(System.getProperty("bench.mvn", "mvn"), "-B", "-ntp", "-q"));
    if (Boolean.parseBoolean(System.getProperty("bench.mvn-offline", "false"))) {
      cmd.add("-o");
    }
    String repo = System.getProperty("bench.mvn-repo", "");
    if (!repo.isBlank()) {
      cmd.add("-Dmaven.repo.local=" + repo);
    }
    cmd.addAll(List.of("-f", root.resolve("pom.xml").toString(), "test", "-Djvm=" + java,
        "-Dinfermark.scenario=chat-latency", "-Dinfermark.param.inputTokens=128", "-Dinfermark.preflight=false",
        "-Dinfermark.url=" + url, "-Dinfermark.concurrency=" + n, "-Dinfermark.request-count=" + n,
        "-Dinfermark.artifact-dir=" + artifacts));
    TreeMeter.Measured m = meter.run(name, SseFloor.withOpenFiles(cmd.getFirst(), cmd.subList(1, cmd.size())
        .toArray(String[]::new)), Map.of(), dir, 900);
    String[] f = Files.exists(forkLog) ? Files.readAllLines(forkLog).getLast().split("\\s+") : null;
    if (f == null) {
      throw new IOException(name + ": Surefire did not fork through " + java + "; see " + dir.resolve(name + ".log"));
    }
    return run(m, artifacts, TreeMeter.seconds(f[4]) + TreeMeter.seconds(f[5]),
        (Long.parseLong(f[3]) - Long.parseLong(f[2])) / 1e9, name);
  }

  /** {@code dir}, emptied: a run's figures are read from the one run folder under it, not an earlier bench's. */
  private static Path fresh(Path dir) throws IOException {
    if (Files.exists(dir)) {
      Jvm.deleteTree(dir);
    }
    return dir;
  }

  /** A measured run with what its artifacts say: requests, errors, the streaming's span. */
  private static Run run(TreeMeter.Measured m, Path artifacts, double forkCpu, double forkWall, String name) throws IOException {
    if (m.exit() != 0) {
      throw new IOException(name + " failed (exit " + m.exit() + "):\n" + tail(m.output()));
    }
    Path export;
    try (Stream<Path> files = Files.walk(artifacts)) {
      export = files.filter(p -> p.getFileName().toString().equals("profile_export_aiperf.json")).findFirst()
          .orElseThrow(() -> new IOException(name + ": no profile_export_aiperf.json under " + artifacts));
    }
    JsonNode a = Json.parse(Files.readString(export));
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (String line : Files.readAllLines(export.resolveSibling("profile_export.jsonl"))) {
      JsonNode meta = Json.parse(line).path("metadata");
      first = Math.min(first, meta.path("request_start_ns").asLong());
      last = Math.max(last, meta.path("request_end_ns").asLong());
    }
    return new Run(round(m.cpuS()), round(m.wallS()), round(Math.max(0, last - first) / 1e9),
        a.at("/request_count/avg").asLong(), a.at("/error_request_count/avg").asLong(), round(forkCpu), round(forkWall),
        export.getParent().toString());
  }

  private static String tail(String output) {
    List<String> lines = output.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  private static double median(List<Run> runs, ToDoubleFunction<Run> f) {
    return median(runs.stream().map(r -> f.applyAsDouble(r)).toList());
  }

  private static double median(List<Double> xs) {
    List<Double> s = xs.stream().sorted().toList();
    int n = s.size();
    return n == 0 ? Double.NaN : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  private static double round(double x) {
    return Math.round(x * 1000) / 1000.0;
  }

  private static void write(Path out, ObjectNode result) throws IOException {
    Files.createDirectories(out.getParent());
    Json.PRETTY.writeValue(out.toFile(), result);
    System.out.println("wrote " + out);
  }
}
