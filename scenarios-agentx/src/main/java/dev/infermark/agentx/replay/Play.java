package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;

/** One play of a tree on a lane: its streams, its open branches and its turns held by a barrier. */
final class Play {
  final Lane lane;
  final SessionTree tree;
  final String rootCorrelationId;
  final String marker;
  final Map<String, StreamRun> streams = new LinkedHashMap<>();
  final Map<String, BranchRun> branches = new HashMap<>();
  /** Due turns held by a cross-stream replay barrier. */
  final List<Timer> retained = new ArrayList<>();
  private final Map<String, String> correlationIds = new HashMap<>();
  private final Supplier<String> newId;
  /** Streams started and not finished. */
  int active;
  int inFlight;
  /** The tree's position on its recorded timeline (ms): t*, then advanced by cache-pressure completions. */
  double clockMs = Double.NaN;

  Play(Lane lane, SessionTree tree, String rootCorrelationId, String marker, Supplier<String> newId) {
    this.lane = lane;
    this.tree = tree;
    this.rootCorrelationId = rootCorrelationId;
    this.marker = marker;
    this.newId = newId;
    correlationIds.put(tree.root().sessionId(), rootCorrelationId);
  }

  /** The run of stream {@code s} in this play, created on first use. */
  StreamRun stream(ReplayStream s) {
    return streams.computeIfAbsent(s.sessionId(), k -> new StreamRun(this, s, correlationId(s.sessionId()),
        s.parentSessionId() == null ? null : correlationId(s.parentSessionId())));
  }

  private String correlationId(String sessionId) {
    return correlationIds.computeIfAbsent(sessionId, k -> newId.get());
  }

  /** A spawned branch: how many of its children its JOIN still waits for. */
  static final class BranchRun {
    int pending;

    BranchRun(int pending) {
      this.pending = pending;
    }
  }
}
