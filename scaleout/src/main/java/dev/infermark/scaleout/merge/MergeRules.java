package dev.infermark.scaleout.merge;

import java.util.List;
import java.util.Set;

import dev.infermark.metrics.Summary;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * A methodology's part of a merge: what it recomputes over the whole run (its verdict reasons, its
 * own fields of {@code profile_export_aiperf.json}) from the merged records and the shards' files.
 */
sealed interface MergeRules permits GenericMergeRules, AgentxMergeRules {
  /** The rules for these shards: AgentX's when they are AgentX replays, else the generic ones. */
  static MergeRules of(List<ShardFolder> shards) {
    return shards.stream().allMatch(s -> s.aiperf().path("metadata").has("agentic_replay")) ? new AgentxMergeRules()
        : new GenericMergeRules();
  }

  /** Sees every merged record (warmup and profiling), in the merged order. */
  void accept(RequestRecord r);

  /** The verdict reasons decided at run time that these rules decide again over the whole run. */
  Set<String> runtimeReasons();

  /**
   * Adds the whole run's runtime reasons and methodology fields.
   *
   * @param profiling the merged profiling summary
   * @param reasons the verdict's reasons so far (the shards' static ones); add to it
   * @param extras fields merged into {@code profile_export_aiperf.json} (metadata key by key)
   */
  void finish(List<ShardFolder> shards, Settings settings, Summary profiling, boolean cancelled, List<String> reasons,
      ObjectNode extras);
}
