package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The container image as the Maven build makes it: module cli's Jib configuration, built with
 * {@code jib:buildTar} (phase pre-integration-test) on {@link ImageTestBase}'s tarball instead of
 * the JRE base, which cannot be pulled here. Checks the image's config and layers, then runs its
 * application layers with this JVM (the base would bring the JRE), as the image's entry point and
 * the Jobs' command would.
 */
class ImageIT {
  private static final Path IMAGE = Path.of(System.getProperty("image.test.tar", "target/image-test/infermark.tar"));

  /** Each layer's files (name without a leading {@code /}), in layer order. */
  private static final List<Map<String, byte[]>> layers = new ArrayList<>();
  private static JsonNode config;

  @TempDir
  static Path root;

  @BeforeAll
  static void readTheImage() throws IOException {
    assertThat(IMAGE).as("jib:buildTar wrote the image (cli's pom, execution image-test)").exists();
    Map<String, byte[]> files = untar(Files.newInputStream(IMAGE));
    JsonNode manifest = Json.MAPPER.readTree(files.get("manifest.json")).get(0);
    config = Json.MAPPER.readTree(files.get(manifest.get("Config").asString()));
    for (JsonNode layer : manifest.get("Layers")) {
      byte[] blob = files.get(layer.asString());
      layers.add(untar(new GZIPInputStream(new ByteArrayInputStream(blob))));
    }
    // the application layers, laid out under root as under / in a container
    for (Map<String, byte[]> layer : layers.subList(1, layers.size())) {
      for (var f : layer.entrySet()) {
        Path p = root.resolve(f.getKey());
        Files.createDirectories(p.getParent());
        Files.write(p, f.getValue());
      }
    }
  }

  private static Map<String, byte[]> untar(InputStream in) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try (TarArchiveInputStream t = new TarArchiveInputStream(new BufferedInputStream(in))) {
      TarArchiveEntry e;
      while ((e = t.getNextEntry()) != null) {
        String name = e.getName().replaceFirst("^\\./", "").replaceFirst("^/", "");
        if (e.isFile()) {
          files.put(name, t.readAllBytes());
        }
      }
    }
    return files;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  @Test
  void theEntryPointIsTheCommandLineOnTheClassPathFileTheJobsUse() {
    JsonNode c = config.get("config");
    assertThat(strings(c.get("Entrypoint")))
        .containsExactly("java", "-cp", "@/app/jib-classpath-file", "dev.infermark.cli.Main");
    assertThat(strings(c.get("Env"))).containsAll(ImageTestBase.ENV)
        .contains("JDK_JAVA_OPTIONS=--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow",
            "INFERMARK_ARTIFACT_DIR=/out", "DJL_CACHE_DIR=/tmp/djl-cache");
    assertThat(c.get("WorkingDir").asString()).isEqualTo("/work");
    assertThat(c.get("Labels").get("org.opencontainers.image.title").asString()).isEqualTo("infermark");
    assertThat(c.get("Labels").get("org.opencontainers.image.version").asString()).isNotBlank();
    assertThat(config.get("architecture").asString()).isEqualTo("amd64");
  }

  @Test
  void theBaseLayerComesFirstUnchangedThenTheApplicationLayers() {
    assertThat(config.get("rootfs").get("diff_ids")).hasSize(layers.size());
    assertThat(layers.getFirst()).containsOnlyKeys(ImageTestBase.MARKER);
    assertThat(new String(layers.getFirst().get(ImageTestBase.MARKER), StandardCharsets.UTF_8))
        .isEqualTo(ImageTestBase.MARKER_TEXT);

    List<String> app = layers.subList(1, layers.size()).stream().flatMap(l -> l.keySet().stream()).toList();
    assertThat(app).allMatch(n -> n.startsWith("app/"), "under /app");
    assertThat(app).contains("app/classes/dev/infermark/cli/Main.class", "app/classes/dev/infermark/cli/K8sCommand.class",
        "app/jib-classpath-file", "app/jib-main-class-file");
    List<String> libs = app.stream().filter(n -> n.startsWith("app/libs/")).map(n -> n.substring("app/libs/".length()))
        .toList();
    for (String module : List.of("infermark-api-", "infermark-framework-", "infermark-client-",
        "infermark-server-metrics-", "infermark-junit-engine-", "infermark-simulator-", "infermark-report-", "infermark-scaleout-", "infermark-traces-",
        "infermark-scenarios-agentx-", "infermark-scenarios-agentperf-", "infermark-scenarios-accuracy-", "picocli-",
        "kubernetes-client-api-", "kubernetes-client-8", "kubernetes-httpclient-jdk-", "kubernetes-model-batch-")) {
      assertThat(libs).as(module).anyMatch(l -> l.startsWith(module) && l.endsWith(".jar"));
    }
    assertThat(libs).as("nothing of the tests").noneMatch(l -> l.startsWith("assertj-") || l.startsWith("commons-compress-")
        || l.startsWith("kubernetes-server-mock-") || l.startsWith("infermark-cli-"));
  }

  @Test
  void theClassPathFileNamesOnlyWhatTheImageHolds() throws IOException {
    String classPath = Files.readString(root.resolve("app/jib-classpath-file")).strip();
    assertThat(classPath.split(":")).allSatisfy(entry -> {
      String path = entry.endsWith("/*") ? entry.substring(0, entry.length() - 2) : entry;
      assertThat(path).startsWith("/app/");
      assertThat(root.resolve(path.substring(1))).exists();
    });
    assertThat(Files.readString(root.resolve("app/jib-main-class-file")).strip()).isEqualTo("dev.infermark.cli.Main");
  }

  /** Runs {@code java -cp <the image's class path, under root> ARGS} with the image's environment. */
  private static Process java(Path out, String... args) throws IOException {
    String classPath = Files.readString(root.resolve("app/jib-classpath-file")).strip().replace("/app/",
        root.resolve("app").toString() + "/");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classPath));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_") || k.equals("JAVA_TOOL_OPTIONS"));
    for (String e : strings(config.get("config").get("Env"))) {
      int eq = e.indexOf('=');
      String name = e.substring(0, eq);
      if (!name.equals("PATH") && !name.equals("JAVA_HOME")) {
        pb.environment().put(name, e.substring(eq + 1).replace("/tmp/djl-cache", root.resolve("djl").toString()));
      }
    }
    return pb.start();
  }

  private static String run(int expectedExit, String... args) throws Exception {
    Path out = Files.createTempFile(root, "out", ".txt");
    Process p = java(out, args);
    try {
      assertThat(p.waitFor(3, TimeUnit.MINUTES)).as(String.join(" ", args)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    String text = Files.readString(out);
    assertThat(p.exitValue()).as(text).isEqualTo(expectedExit);
    return text;
  }

  @Test
  void theApplicationLayersRunTheCommandLineTheShardRunnerAndTheKubernetesClient() throws Exception {
    assertThat(run(0, "dev.infermark.cli.Main", "list")).contains("inferencex-agentx-mvp")
        .contains("aa-agentperf-gpt-oss-120b").contains("gsm8k");
    assertThat(run(0, "dev.infermark.cli.Main", "k8s", "render", "--name", "img-2", "--image", "x", "--scenario",
        "com.example.S", "--shards", "2", "--claim", "c")).contains("completionMode: \"Indexed\"");
    assertThat(run(2, "dev.infermark.scaleout.ShardRun")).contains("usage: ShardRun SCENARIO_CLASS");
  }
}
