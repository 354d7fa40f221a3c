package dev.infermark.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.ToIntFunction;

import dev.infermark.agentperf.shard.ShardedSearch;
import dev.infermark.scaleout.k8s.AgentPerfOnK8s;
import dev.infermark.scaleout.k8s.JobRenderer;
import dev.infermark.scaleout.k8s.K8sRun;
import dev.infermark.scaleout.k8s.ShardedJob;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code infermark k8s render|run|agentperf}: a sharded run as Kubernetes Indexed Jobs
 * (docs/scale-out.md), the scaleout module's {@link JobRenderer}, {@link K8sRun} and
 * {@link AgentPerfOnK8s} behind one set of options.
 */
@Command(name = "k8s", mixinStandardHelpOptions = true,
    description = "Runs a scenario as N shards on Kubernetes: one Indexed Job (pod i runs shard i of N against the "
        + "same server, writing into a shared volume), then a merge Job that writes the merged run. See "
        + "docs/scale-out.md.",
    subcommands = {K8sCommand.Render.class, K8sCommand.Run.class, K8sCommand.AgentPerf.class})
final class K8sCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  /** {@code infermark k8s} without render or run: the usage, as an error. */
  @Override
  public Integer call() {
    spec.commandLine().getErr().println("infermark k8s: render, run or agentperf is missing");
    spec.commandLine().usage(spec.commandLine().getErr());
    return ProfileCommand.USAGE;
  }

  /** The sharded run both subcommands describe: the Jobs' options. */
  static final class JobOptions {
    @Option(names = "--name", required = true, paramLabel = "NAME",
        description = "The run's name: the Jobs are NAME and NAME-merge (a DNS label, at most 53 characters).")
    String name;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "default",
        description = "The namespace the Jobs run in (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--image", required = true, paramLabel = "IMAGE",
        description = "The container image the pods run (docs/scale-out.md builds it with Jib), e.g. "
            + "REGISTRY/infermark:0.1.0.")
    String image;

    @Option(names = "--scenario", required = true, paramLabel = "NAME|CLASS", completionCandidates = ScenarioNames.class,
        description = "The scenario each shard runs: a scenario's name (infermark list; the built-in ones and those of "
            + "--scenario-jar / --classpath), or a class name (taken as given: the image may hold classes this "
            + "command line does not).")
    String scenario;

    @Option(names = "--shards", required = true, paramLabel = "N",
        description = "How many pods share the run (the Job's parallelism and completions).")
    int shards;

    @Option(names = "--claim", required = true, paramLabel = "PVC",
        description = "A ReadWriteMany PersistentVolumeClaim (yours): shard i writes /out/shard-i on it, the merge "
            + "/out/merged.")
    String claim;

    @Option(names = "--start-delay", paramLabel = "DURATION", defaultValue = "120s", converter = DurationConverter.class,
        description = "Every shard starts profiling at now + this (infermark.start-at); longer than scheduling and "
            + "image pulls take (default: ${DEFAULT-VALUE}).")
    Duration startDelay;

    @Option(names = "--run-id", paramLabel = "ID",
        description = "The run's benchmark_id, shared by every shard (default: NAME-<8 random hex digits>).")
    String runId;

    @Option(names = "--api-key-secret", paramLabel = "SECRET",
        description = "A Secret whose key api-key holds the server's API key (the pods' OPENAI_API_KEY); an API key "
            + "is never written into a manifest.")
    String apiKeySecret;

    @Option(names = "--set", paramLabel = "NAME=VALUE",
        description = "A setting for every shard (docs/settings.md; infermark. prefix optional), passed as "
            + "INFERMARK_NAME, e.g. --set url=http://vllm:8000 --set concurrency=512. Repeatable.")
    Map<String, String> set = new LinkedHashMap<>();

    @Mixin
    ClassPathOptions classPath;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * Runs {@code body} on the run the options describe; a bad option is a usage error (exit 2)
     * naming the subcommand, {@code infermark k8s run: --set ...}.
     */
    int withJob(ToIntFunction<ShardedJob> body) {
      ShardedJob job;
      try {
        job = job();
      } catch (IllegalArgumentException e) {
        command.commandLine().getErr().println(command.qualifiedName() + ": " + e.getMessage());
        return ProfileCommand.USAGE;
      }
      return body.applyAsInt(job);
    }

    /**
     * The run the options describe.
     *
     * @throws IllegalArgumentException naming the option: an unknown setting or scenario, a setting the
     *     launcher sets itself, an inline API key, a bad name or shard count
     */
    ShardedJob job() {
      SettingsRegistry registry = SettingsRegistry.load();
      Map<String, String> settings = new LinkedHashMap<>();
      set.forEach((k, v) -> {
        String name = k.strip().startsWith("infermark.") ? k.strip().substring("infermark.".length()) : k.strip();
        if (!name.startsWith(SettingsRegistry.PARAM_PREFIX) && !registry.isKnown(name)) {
          throw new IllegalArgumentException("--set " + k + ": no setting is called '" + name + "'"
              + registry.closest(name).map(n -> "; did you mean " + n + "?").orElse("")
              + " (docs/settings.md; a setting of your own key catalog: give its jar with --scenario-jar)");
        }
        settings.put(name, v);
      });
      return new ShardedJob(name, namespace, image, scenarioClass(), shards, settings, claim,
          runId != null ? runId : name + "-" + UUID.randomUUID().toString().substring(0, 8),
          Instant.now().plus(startDelay), apiKeySecret);
    }

    /** A scenario's name as its class; a class name is taken as given (the image may hold classes this JVM lacks). */
    private String scenarioClass() {
      return scenario.contains(".") ? scenario : Scenarios.scan().find(scenario).getName();
    }
  }

  /** What {@code run} and {@code agentperf} add, following the Jobs they submit: a time limit and the pods' logs. */
  static final class Following {
    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "2h", converter = DurationConverter.class,
        description = "How long each Job may take from its submission (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--logs", paramLabel = "DIR",
        description = "Where the pods' logs go (default: k8s-NAME): shard-<i>.log and merge.log from k8s run, "
            + "NAME-p<i>/shard-<j>.log from k8s agentperf.")
    Path logs;

    /** {@code --logs}, or its default {@code k8s-NAME}. */
    Path logs(ShardedJob job) {
      return logs != null ? logs : home(job);
    }
  }

  /** Where a run's files go by default: {@code k8s-NAME}. */
  static Path home(ShardedJob job) {
    return Path.of("k8s-" + job.name());
  }

  /** {@code infermark k8s render}: the manifests, as YAML. */
  @Command(name = "render", mixinStandardHelpOptions = true,
      description = "Writes the sharded run's manifests (YAML): the shards' Indexed Job, then the merge Job to apply "
          + "once every shard completed (kubectl wait --for=condition=complete job/NAME).")
  static final class Render implements Callable<Integer> {
    @Mixin
    JobOptions options;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE|DIR",
        description = "Where to write the YAML: a file, or an existing folder (then DIR/NAME.yaml). Default: the "
            + "standard output.")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      return options.withJob(this::render);
    }

    private int render(ShardedJob job) {
      PrintWriter out = spec.commandLine().getOut();
      String yaml = JobRenderer.yaml(job);
      if (output == null) {
        out.print(yaml);
        out.flush();
        return 0;
      }
      Path file = Files.isDirectory(output) ? output.resolve(options.name + ".yaml") : output;
      try {
        Files.writeString(file, yaml);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
      }
      out.println("k8s: wrote " + file);
      out.flush();
      return 0;
    }
  }

  /** {@code infermark k8s run}: submits, follows, keeps the logs and merges. */
  @Command(name = "run", mixinStandardHelpOptions = true,
      description = {"Submits the shards' Indexed Job to the cluster of the current kubeconfig (KUBECONFIG, else "
          + "~/.kube/config; in a pod, its service account), follows it, keeps every pod's log and, when every shard "
          + "succeeded, runs the merge Job. The merged run stays on the claim at /out/merged.",
          "Exit status: 0 merged; 1 a shard or the merge failed, or a Job timed out; 2 a usage error."})
  static final class Run implements Callable<Integer> {
    @Mixin
    JobOptions options;

    @Mixin
    Following following;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      return options.withJob(this::run);
    }

    private int run(ShardedJob job) {
      PrintWriter out = spec.commandLine().getOut();
      try (KubernetesClient client = new KubernetesClientBuilder().build()) {
        K8sRun.Outcome outcome = new K8sRun(client, following.timeout, line -> {
          out.println(line);
          out.flush();
        }).run(job, following.logs(job));
        out.println("k8s: " + outcome.message());
        out.flush();
        return outcome.merged() ? 0 : ScenarioRun.FAILED;
      } catch (KubernetesClientException | IllegalStateException e) {
        spec.commandLine().getErr().println("infermark k8s run: " + e.getMessage());
        return ScenarioRun.FAILED;
      }
    }
  }

  /** {@code infermark k8s agentperf}: AA-AgentPerf's capacity search, one Indexed Job per phase. */
  @Command(name = "agentperf", mixinStandardHelpOptions = true,
      description = {"Runs AA-AgentPerf's capacity search on the cluster of the current kubeconfig: every phase is one "
          + "Indexed Job (its agents split over min(--shards, agents) pods, all opening their steady window at one "
          + "instant); this process follows each Job, merges the phase from the shards' folders on the claim "
          + "(NAME-p<i>/shard-<j>, read where the claim is mounted here: --claim-dir) and lets the search decide "
          + "the next agent count, as a local run does. Writes agentperf_results.json into --results.",
          "Run it where the claim is mounted (e.g. a pod mounting it). Exit status: 0 the search finished; 1 a "
              + "phase failed or timed out (what finished is written, finished: false); 2 a usage error."})
  static final class AgentPerf implements Callable<Integer> {
    @Mixin
    JobOptions options;

    @Option(names = "--claim-dir", required = true, paramLabel = "DIR",
        description = "Where the claim (--claim) is mounted for this process: the phases' shard folders are read there.")
    Path claimDir;

    @Option(names = "--results", paramLabel = "DIR",
        description = "Where agentperf_results.json is written (default: k8s-NAME).")
    Path results;

    @Mixin
    Following following;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      return options.withJob(this::search);
    }

    private int search(ShardedJob job) {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      try (KubernetesClient client = new KubernetesClientBuilder().build()) {
        AgentPerfOnK8s search = new AgentPerfOnK8s(client, job, options.startDelay, following.timeout, claimDir,
            following.logs(job), line -> {
              out.println(line);
              out.flush();
            });
        ShardedSearch.Outcome outcome = search.search(results != null ? results : home(job), () -> false);
        outcome.consoleLines().forEach(out::println);
        out.println("k8s: wrote " + outcome.resultsFile());
        out.flush();
        return 0;
      } catch (IllegalArgumentException e) {
        err.println("infermark k8s agentperf: " + e.getMessage());
        return ProfileCommand.USAGE;
      } catch (KubernetesClientException | IllegalStateException | IOException e) {
        err.println("infermark k8s agentperf: " + e.getMessage());
        return ScenarioRun.FAILED;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("infermark k8s agentperf: interrupted");
        return ScenarioRun.FAILED;
      }
    }
  }

  /** Durations as the settings write them: {@code 90s}, {@code 2m}, {@code 2h}, {@code 500ms}. */
  static final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return SettingKey.parseDuration(value);
    }
  }
}
