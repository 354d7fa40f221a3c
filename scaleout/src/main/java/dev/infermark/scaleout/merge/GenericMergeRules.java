package dev.infermark.scaleout.merge;

import java.util.List;
import java.util.Set;

import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Summary;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/** Scenarios without rules of their own: the run is cancelled when a shard was. */
final class GenericMergeRules implements MergeRules {
  @Override
  public void accept(RequestRecord r) {}

  @Override
  public Set<String> runtimeReasons() {
    return Set.of(SubmissionVerdict.RUN_CANCELLED);
  }

  @Override
  public void finish(List<ShardFolder> shards, Settings settings, Summary profiling, boolean cancelled,
      List<String> reasons, ObjectNode extras) {
    if (cancelled) {
      reasons.add(SubmissionVerdict.RUN_CANCELLED);
    }
  }
}
