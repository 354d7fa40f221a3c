package dev.infermark.shard;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/** The settings of a sharded run (one load-generator process of several; see docs/scale-out.md). */
public final class ShardKeys implements KeyCatalog {
  /** The environment variable a Kubernetes Indexed Job sets to the pod's completion index. */
  public static final String JOB_COMPLETION_INDEX = "JOB_COMPLETION_INDEX";

  public static final SettingKey<Integer> SHARD_INDEX = SettingKey.integer("shard-index", null,
      "This process's shard, 0 .. shard-count - 1. Unset: the environment variable JOB_COMPLETION_INDEX (set by a "
          + "Kubernetes Indexed Job), else 0.");
  public static final SettingKey<Integer> SHARD_COUNT = SettingKey.integer("shard-count", 1,
      "How many shards share the run's load (1: not sharded). The AgentX replay splits its lanes by index; the generic "
          + "closed loop splits concurrency and request budgets; one AgentPerf phase (agentperf-phase-agents) its agents. "
          + "Merge the shards' run folders into one (docs/scale-out.md).");
  public static final SettingKey<String> START_AT = SettingKey.string("start-at", null,
      "An ISO-8601 instant (2026-01-31T12:00:00Z) before which profiling does not start, so that every shard's "
          + "measurement window starts together; set by the launcher. Unset: at once.");
  public static final SettingKey<String> RUN_ID = SettingKey.string("run-id", null,
      "The run's benchmark_id. The launcher of a sharded run sets one for every shard, so their artifacts say they "
          + "belong together and AgentX cache-bust markers are the ones one host would mint. Unset: fresh per run.");

  private static final List<SettingKey<?>> ALL = List.of(SHARD_INDEX, SHARD_COUNT, START_AT, RUN_ID);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
