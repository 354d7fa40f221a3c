package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.scaleout.k8s.JobRenderer;
import dev.infermark.scaleout.k8s.ShardedJob;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * {@code infermark k8s} in this JVM: render, and the ways {@code k8s run} fails against the client
 * library's mock API server (its whole run, as a process: K8sCommandIT).
 */
@EnableKubernetesMockClient(crud = true, https = false)
class K8sCommandTest {
  static KubernetesClient client;

  @TempDir
  Path dir;

  private record Result(int exit, String out, String err) {}

  private static Result infermark(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** {@code k8s render} with the required options, {@code more} after them (a scenario class unless one is given). */
  private static List<String> args(String... more) {
    List<String> a = new ArrayList<>(List.of("k8s", "render", "--name", "agentx-3", "--namespace", "bench", "--image",
        "registry.local/infermark:1", "--shards", "3", "--claim", "out-pvc"));
    if (!List.of(more).contains("--scenario")) {
      a.addAll(List.of("--scenario", "com.example.MyChat"));
    }
    a.addAll(List.of(more));
    return a;
  }

  private static String env(Container c, String name) {
    return c.getEnv().stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst().orElse(null);
  }

  @Test
  void renderWritesTheShardsAndTheMergeJobIntoAFolder() throws Exception {
    Instant before = Instant.now();
    Result r = infermark(args("--scenario", "inferencex-agentx-mvp", "--set", "infermark.concurrency=6", "--set", "url=http://vllm.bench:8000",
        "--start-delay", "3m", "--api-key-secret", "vllm-key", "-o", dir.toString()).toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    Path yaml = dir.resolve("agentx-3.yaml");
    assertThat(r.out()).contains("k8s: wrote " + yaml);

    KubernetesList list = Serialization.unmarshal(Files.readString(yaml), KubernetesList.class);
    assertThat(list.getItems()).hasSize(2);
    Job shards = (Job) list.getItems().get(0);
    assertThat(shards.getMetadata().getName()).isEqualTo("agentx-3");
    assertThat(shards.getMetadata().getNamespace()).isEqualTo("bench");
    assertThat(shards.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(shards.getSpec().getCompletions()).isEqualTo(3);
    assertThat(shards.getSpec().getParallelism()).isEqualTo(3);
    Container c = shards.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(c.getImage()).isEqualTo("registry.local/infermark:1");
    assertThat(c.getCommand()).as("the scenario's name is resolved to its class")
        .endsWith("dev.infermark.scaleout.ShardRun", "dev.infermark.agentx.InferencexAgentxMvp");
    assertThat(env(c, "INFERMARK_CONCURRENCY")).isEqualTo("6");
    assertThat(env(c, "INFERMARK_URL")).isEqualTo("http://vllm.bench:8000");
    assertThat(env(c, "INFERMARK_SHARD_COUNT")).isEqualTo("3");
    assertThat(env(c, "INFERMARK_RUN_ID")).startsWith("agentx-3-");
    Instant startAt = Instant.parse(env(c, "INFERMARK_START_AT"));
    assertThat(Duration.between(before, startAt)).isBetween(Duration.ofMinutes(3), Duration.ofMinutes(4));
    assertThat(c.getEnv()).filteredOn(e -> e.getName().equals("OPENAI_API_KEY"))
        .singleElement().satisfies(e -> assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("vllm-key"));
    assertThat(shards.getSpec().getTemplate().getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName())
        .isEqualTo("out-pvc");

    Job merge = (Job) list.getItems().get(1);
    assertThat(merge.getMetadata().getName()).isEqualTo("agentx-3-merge");
    assertThat(merge.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
        .endsWith("/out/shard-0", "/out/shard-1", "/out/shard-2");
  }

  @Test
  void renderWithoutOutputPrintsTheYamlAndAClassNameIsTakenAsGiven() {
    Result r = infermark(args("--run-id", "fixed").toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    KubernetesList list = Serialization.unmarshal(r.out(), KubernetesList.class);
    Container c = ((Job) list.getItems().get(0)).getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(c.getCommand()).last().isEqualTo("com.example.MyChat");
    assertThat(env(c, "INFERMARK_RUN_ID")).isEqualTo("fixed");
  }

  @Test
  void badOptionsAreUsageErrorsNamingWhatIsWrong() {
    Result launcherOwned = infermark(args("--set", "shard-count=4").toArray(String[]::new));
    assertThat(launcherOwned.exit()).isEqualTo(2);
    assertThat(launcherOwned.err()).contains("infermark.shard-count: set by the launcher");

    Result inlineKey = infermark(args("--set", "api-key=sk-secret").toArray(String[]::new));
    assertThat(inlineKey.exit()).isEqualTo(2);
    assertThat(inlineKey.err()).contains("--api-key-secret").doesNotContain("sk-secret");
    assertThat(inlineKey.out()).doesNotContain("sk-secret");

    Result unknown = infermark(args("--set", "concurency=6").toArray(String[]::new));
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("no setting is called 'concurency'").contains("did you mean concurrency?");

    Result scenario = infermark(args("--scenario", "inferencex-agentx").toArray(String[]::new));
    assertThat(scenario.exit()).isEqualTo(2);
    assertThat(scenario.err()).contains("no scenario is called 'inferencex-agentx'");

    Result missing = infermark("k8s", "render", "--name", "x");
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("Missing required options").contains("--image");

    Result duration = infermark(args("--start-delay", "soon").toArray(String[]::new));
    assertThat(duration.exit()).isEqualTo(2);
    assertThat(duration.err()).contains("--start-delay");

    Result noSubcommand = infermark("k8s");
    assertThat(noSubcommand.exit()).isEqualTo(2);
    assertThat(noSubcommand.err()).contains("render, run or agentperf is missing");
    assertThat(infermark("k8s", "run", "--help").out()).contains("--timeout").contains("--logs").contains("--shards")
        .contains("KUBECONFIG");
  }

  /** Runs {@code k8s run} with fabric8's kubeconfig system property pointing at the mock server. */
  private Result run(String... args) throws Exception {
    return run("run", List.of(args));
  }

  /** {@code k8s SUBCOMMAND} with the mock server's kubeconfig and the options every test shares. */
  private Result run(String subcommand, List<String> args) throws Exception {
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters: [{name: mock, cluster: {server: "%s"}}]
        users: [{name: tester, user: {token: not-a-secret}}]
        contexts: [{name: mock, context: {cluster: mock, user: tester}}]
        current-context: mock
        """.formatted(client.getMasterUrl()));
    String before = System.getProperty("kubeconfig");
    System.setProperty("kubeconfig", kubeconfig.toString());
    try {
      List<String> a = new ArrayList<>(List.of("k8s", subcommand, "--namespace", "bench", "--image", "img:1", "--shards",
          "2", "--claim", "pvc", "--logs", dir.resolve("logs").toString()));
      if (!args.contains("--scenario")) {
        a.addAll(List.of("--scenario", "com.example.Chat"));
      }
      a.addAll(args);
      return infermark(a.toArray(String[]::new));
    } finally {
      if (before == null) {
        System.clearProperty("kubeconfig");
      } else {
        System.setProperty("kubeconfig", before);
      }
    }
  }

  @Test
  void runFailsWithStatusOneWhenTheShardsDoNotFinishInTime() throws Exception {
    Result r = run("--name", "slow-2", "--timeout", "1s");
    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("k8s: submitted Indexed Job bench/slow-2 (2 shards")
        .contains("k8s: the shards did not finish within 1 s");
    assertThat(client.batch().v1().jobs().inNamespace("bench").withName("slow-2-merge").get()).isNull();
  }

  @Test
  void runRefusesAJobOfAnotherRunWithTheSameName() throws Exception {
    client.batch().v1().jobs().inNamespace("bench").resource(JobRenderer.shards(new ShardedJob("taken", "bench", "img:1",
        "com.example.Chat", 2, Map.of(), "pvc", "run-b", Instant.EPOCH, null))).create();
    Result r = run("--name", "taken", "--run-id", "run-a");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("infermark k8s run: a Job bench/taken of another run (run id run-b) exists");
  }

  @Test
  void agentperfSubmitsTheFirstPhaseAsAnIndexedJobAndFailsWithStatusOneWhenItDoesNotFinish() throws Exception {
    Path claim = Files.createDirectories(dir.resolve("claim"));
    Path results = dir.resolve("results");
    Result r = run("agentperf", List.of("--name", "ap-1", "--scenario", "dev.infermark.agentperf.scenarios.AaAgentPerf",
        "--claim-dir", claim.toString(), "--results", results.toString(), "--timeout", "1s", "--start-delay", "1s",
        "--set", "url=http://vllm:8000", "--set", "agentperf-tiers=20:10,60:5"));
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out()).contains("k8s: phase 1: submitted Indexed Job bench/ap-1-p1");
    assertThat(r.err()).contains("infermark k8s agentperf: ").contains("ap-1-p1").contains("did not finish in time");
    var job = client.batch().v1().jobs().inNamespace("bench").withName("ap-1-p1").get();
    assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(env(job.getSpec().getTemplate().getSpec().getContainers().get(0), "INFERMARK_AGENTPERF_PHASE_INDEX"))
        .isEqualTo("1");
    // the controller's own settings are refused when given by hand
    Result own = run("agentperf", List.of("--name", "ap-2", "--scenario", "dev.infermark.agentperf.scenarios.AaAgentPerf",
        "--claim-dir", claim.toString(), "--set", "agentperf-phase-agents=4"));
    assertThat(own.exit()).isEqualTo(2);
    assertThat(own.err()).contains("infermark.agentperf-phase-agents: set by the controller per phase");
  }
}
