package dev.infermark.scaleout.k8s;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import dev.infermark.agentperf.AgentPerfKeys;
import dev.infermark.agentperf.AgentPerfSettings;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.shard.ShardedSearch;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.settings.TypedSettings;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * AA-AgentPerf's capacity search on a cluster: every phase is one Indexed Job (pod {@code i} runs
 * shard {@code i} of the phase: agents {@code a} with {@code a mod n = i}, all opening their window at
 * one {@code start-at}), the controller follows it, merges the phase from the shards' folders on the
 * shared claim ({@link dev.infermark.agentperf.shard.PhaseMerge}) and lets the search decide the next
 * agent count ({@link ShardedSearch}: the local search's own code). Writes the
 * {@code agentperf_results.json} a local run writes.
 *
 * <p>The controller reads the shards' folders where the claim is mounted for it ({@code claimDir}):
 * it runs in a pod that mounts the claim (or anywhere the claim's files are visible).
 */
public final class AgentPerfOnK8s implements ShardedSearch.PhaseShards {
  private final K8sRun jobs;
  private final ShardedJob run;
  private final AgentPerfSettings settings;
  private final List<Tier> tiers;
  private final Duration settle;
  private final Duration startDelay;
  private final Path claimDir;
  private final Path logDir;
  private final Consumer<String> out;

  /**
   * @param run the run: name, namespace, image, scenario, the most shards a phase uses (a phase at
   *     {@code k} agents uses {@code min(shards, k)}), settings, claim, run id (its start instant is not
   *     used: each phase gets its own)
   * @param startDelay each phase's agents start this long after its Job is submitted (longer than
   *     scheduling and image pulls take); its window opens two settle times later
   * @param phaseTimeout how long a phase's Job may take
   * @param claimDir where the claim is mounted for this controller
   * @param logDir where the pods' logs are kept ({@code <name>-p<index>/shard-<i>.log})
   */
  public AgentPerfOnK8s(KubernetesClient client, ShardedJob run, Duration startDelay, Duration phaseTimeout, Path claimDir,
      Path logDir, Consumer<String> out) {
    for (String own : List.of(AgentPerfKeys.PHASE_AGENTS.name(), AgentPerfKeys.PHASE_INDEX.name())) {
      if (run.settings().containsKey(own)) {
        throw new IllegalArgumentException("infermark." + own + ": set by the controller per phase, not by hand");
      }
    }
    this.jobs = new K8sRun(client, phaseTimeout, out);
    this.run = run;
    Settings resolved = resolved(run);
    this.settings = TypedSettings.of(AgentPerfSettings.class, resolved, SettingsRegistry.load());
    this.tiers = tiers(run, resolved);
    this.settle = settings.settleTime();
    this.startDelay = startDelay;
    this.claimDir = claimDir;
    this.logDir = logDir;
    this.out = out;
  }

  /**
   * Runs the search and writes {@code agentperf_results.json} into {@code resultsDir}. The tiers are
   * the scenario's {@code @Slo(tier=...)} annotations when its class is on this class path and has
   * them, else {@code agentperf-tiers}; the search's settings are the run's, resolved as a shard
   * resolves them (the scenario's defaults and preset, then the settings given).
   *
   * @throws IllegalStateException when a phase's Job failed or timed out (after writing what finished)
   */
  public ShardedSearch.Outcome search(Path resultsDir, BooleanSupplier cancelled) throws IOException, InterruptedException {
    return ShardedSearch.run(tiers, settings.search(), settings.maxErrorRate(), settings.reusePhases(), this, cancelled,
        resultsDir, out);
  }

  /** The phase's Job: the run's, at {@code agents} agents, writing {@code <name>-p<index>/shard-<i>} on the claim. */
  Job phaseJob(int index, int agents) {
    String name = phaseName(index);
    Map<String, String> settings = new LinkedHashMap<>(run.settings());
    settings.put(AgentPerfKeys.PHASE_AGENTS.name(), Integer.toString(agents));
    settings.put(AgentPerfKeys.PHASE_INDEX.name(), Integer.toString(index));
    // agents start two settle times before start-at: the delay covers the pods' start, not the settling
    Instant startAt = Instant.now().plus(startDelay).plus(settle.multipliedBy(2));
    ShardedJob phase = new ShardedJob(name, run.namespace(), run.image(), run.scenario(), Math.min(run.shards(), agents),
        settings, run.claim(), run.runId() + "-p" + index, startAt, run.apiKeySecret());
    Job job = JobRenderer.shards(phase);
    job.getSpec().getTemplate().getSpec().getContainers().get(0).getVolumeMounts().get(0)
        .setSubPathExpr(name + "/shard-$(INFERMARK_SHARD_INDEX)");
    return job;
  }

  @Override
  public List<Path> run(int index, int agents) {
    Job job = phaseJob(index, agents);
    String name = job.getMetadata().getName();
    int shards = job.getSpec().getCompletions();
    jobs.create(job, job.getMetadata().getAnnotations().get(JobRenderer.RUN_ID));
    out.accept("k8s: phase " + index + ": submitted Indexed Job " + run.namespace() + "/" + name + " (" + agents
        + " agents on " + shards + " shards)");
    Job done = jobs.await(run.namespace(), name, shards);
    jobs.keepLogs(run.namespace(), name, logDir.resolve(name), "shard-");
    if (done == null) {
      throw new IllegalStateException("agentperf phase " + index + " (" + name + "): the shards did not finish in time; "
          + "the search stops (logs: " + logDir.resolve(name) + ")");
    }
    if (!K8sRun.succeeded(done, shards)) {
      throw new IllegalStateException("agentperf phase " + index + " (" + name + "): shard(s) failed"
          + K8sRun.failedIndexes(done) + "; the search stops (logs: " + logDir.resolve(name) + ")");
    }
    List<Path> folders = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      folders.add(claimDir.resolve(name).resolve("shard-" + i));
    }
    return folders;
  }

  String phaseName(int index) {
    return run.name() + "-p" + index;
  }

  /** The run's settings, resolved as each shard resolves them: the scenario's defaults and preset, then the given ones. */
  static Settings resolved(ShardedJob run) {
    SettingsRegistry registry = SettingsRegistry.load();
    Map<String, String> given = new LinkedHashMap<>();
    run.settings().forEach((k, v) -> given.put("infermark." + k, v));
    SettingsResolver resolver = new SettingsResolver(registry, k -> java.util.Optional.ofNullable(given.get(k)),
        given.keySet(), new java.util.Properties(), Map.of());
    ScenarioModel model = model(run);
    return model == null ? resolver.resolve(Map.of(), Map.of()) : resolver.resolve(model.defaults(), model.presets());
  }

  static List<Tier> tiers(ShardedJob run, Settings resolved) {
    ScenarioModel model = model(run);
    List<Tier> declared = model == null ? List.of() : Tier.fromSlos(model.slos());
    return declared.isEmpty() ? Tier.fromSpec(resolved.get(AgentPerfKeys.TIERS), AgentPerfKeys.TIERS.property())
        : declared;
  }

  private static ScenarioModel model(ShardedJob run) {
    try {
      return ScenarioModel.of(Class.forName(run.scenario()));
    } catch (ClassNotFoundException e) {
      return null; // a class only the image holds: the settings alone
    }
  }
}
