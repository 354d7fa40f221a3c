package dev.infermark.agentx.replay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/** Small hand-built session trees and configs for scheduler tests. */
final class Trees {
  private Trees() {}

  static final PromptSource PROMPTS = (stream, turn) -> List.of(ChatMessage.system("You are a coding agent."),
      ChatMessage.user("task of " + stream.sessionId()), ChatMessage.assistant("ok"),
      ChatMessage.user("turn " + turn));

  static ReplayTurn turn(int i, double tsMs, double delayMs) {
    return turn(i, tsMs, delayMs, List.of(), null);
  }

  static ReplayTurn turn(int i, double tsMs, double delayMs, List<String> spawns, String join) {
    return new ReplayTurn(i, tsMs, delayMs, 100 + i, "model-x", 1000, spawns, join, i, -1);
  }

  /** A root-only trace with turns at the given timestamps; each delay is the gap to the previous turn. */
  static SessionTree linear(String id, double... ts) {
    List<ReplayTurn> turns = new ArrayList<>();
    for (int i = 0; i < ts.length; i++) {
      turns.add(turn(i, ts[i], i == 0 ? 0 : ts[i] - ts[i - 1]));
    }
    return new SessionTree(id, new ReplayStream(id, true, 0, null, null, turns), List.of(), List.of());
  }

  static List<SessionTree> pool(int n, double... ts) {
    List<SessionTree> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(linear(String.format("trace_%04d", i), ts));
    }
    return out;
  }

  static ReplayStream child(String id, String parent, String branch, ReplayTurn... turns) {
    return new ReplayStream(id, false, 1, parent, branch, Arrays.asList(turns));
  }

  /**
   * The §3.4 example: parent turns at 0 / 12 000 (spawns b1) / 20 000 ms (joins b1); one child with
   * turns at 13 000 / 14 000 / 17 000 ms.
   */
  static SessionTree spawnJoin() {
    ReplayStream root = new ReplayStream("t", true, 0, null, null, List.of(turn(0, 0, 0),
        turn(1, 12_000, 11_000, List.of("b1"), null), turn(2, 20_000, 2_000, List.of(), "b1")));
    ReplayStream c = child("t::sa:a1", "t", "b1", turn(0, 13_000, 0), turn(1, 14_000, 500), turn(2, 17_000, 1_000));
    return new SessionTree("t", root, List.of(c), List.of(new Branch("b1", "t", 1, 2, List.of("t::sa:a1"), 13_000)));
  }

  /** Mutable config for tests; defaults: seed 42, window 0..1, cap 10 s, 900 s, grace 30 s, cache bust on. */
  static final class Cfg {
    int concurrency = 1;
    double min = 0;
    double max = 1;
    Duration systemCap = Duration.ofSeconds(10);
    Duration traceCap;
    Duration duration = Duration.ofSeconds(900);
    Duration grace = Duration.ofSeconds(30);
    boolean burst;
    Duration cacheWarmup;
    Integer perLane;
    boolean cacheBust = true;
    String benchmarkId = "bench-0001";
    Double failedThreshold;
    boolean failFast;
    Duration warmupGrace;

    Cfg concurrency(int c) {
      concurrency = c;
      return this;
    }

    Cfg ratio(double r) {
      min = r;
      max = r;
      return this;
    }

    ReplayConfig build() {
      return new ReplayConfig(concurrency, 42, benchmarkId, min, max, systemCap, traceCap, duration, grace, burst,
          cacheWarmup, perLane, cacheBust, failedThreshold, failFast, warmupGrace);
    }
  }
}
