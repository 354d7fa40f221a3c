package dev.infermark.traces.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

/**
 * Turns one {@link WekaTrace} into a {@link SessionTree} (spec §2.5): the root conversation from the
 * parent requests, one child stream per retained sub-agent entry, SPAWN on the last parent turn at
 * or before the sub-agent's start, JOIN on the first later parent turn at or after its end
 * (background when none), and children sharing (spawn, join) collapsed into one branch. With
 * {@link TopologyOptions#splitFlattenedAgents()} (spec §2.6) each sub-agent entry may give several
 * streams ({@code ::sa:ID}, {@code ::sa:ID:fa:NNN}...), and the parent requests are split too: the
 * root keeps the main chain, every other chain becomes a child {@code {trace}::fa:NNN},
 * {@code ::aux:NNN} or {@code ::wg:GGG_MMM} in a branch {@code {trace}:flatspawn:N}.
 */
public final class TopologyBuilder {
  private static final System.Logger LOG = System.getLogger(TopologyBuilder.class.getName());
  private static final double EPS = 1e-6;

  private TopologyBuilder() {}

  /**
   * Builds the tree of one trace.
   *
   * @throws IllegalArgumentException on a duplicate retained {@code agent_id}
   */
  public static SessionTree build(WekaTrace trace, TopologyOptions options) {
    String id = trace.id();
    UnaryOperator<String> model = options.models().forTrace(trace);
    List<WekaEntry> entries = trace.requests();
    Integer cap = options.synthesisMaxOsl();

    // Parent requests in file order, with their position in the entry list.
    List<Integer> parentOuter = new ArrayList<>();
    List<WekaRequest> parents = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i) instanceof WekaRequest r) {
        parentOuter.add(i);
        parents.add(r);
      }
    }
    // Root turns: every parent request, or only the main chain when parent requests are split.
    List<ChainSplitter.Chain> parentChains = options.splitFlattenedAgents() && parents.size() > 1
        ? ChainSplitter.split(parents, options.split(), ChainSplitter.Level.PARENT)
        : List.of(new ChainSplitter.Chain("", IntStream.range(0, parents.size()).boxed().toList()));
    List<WekaRequest> root = new ArrayList<>();
    List<Integer> rootOuter = new ArrayList<>();
    for (int p : parentChains.getFirst().members()) {
      root.add(parents.get(p));
      rootOuter.add(parentOuter.get(p));
    }

    // Retained child streams and their (spawn, join) pairs: sub-agent streams in file order, then
    // the parent-level extra chains.
    record Child(String sessionId, String groupKind, String branchId, List<ReplayTurn> turns, int spawn, Integer join,
        double start) {}
    List<Child> children = new ArrayList<>();
    Set<String> agentIds = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      if (!(entries.get(i) instanceof WekaSubagent s)) {
        continue;
      }
      if (s.requests().isEmpty()) {
        LOG.log(System.Logger.Level.INFO, "Dropping subagent {0} of trace {1}: it has no requests", s.agentId(), id);
        continue;
      }
      if (spawnTurn(root, rootOuter, i, s.t()) < 0) {
        LOG.log(System.Logger.Level.INFO, "Dropping subagent {0} of trace {1}: no preceding parent turn", s.agentId(), id);
        continue;
      }
      if (!agentIds.add(s.agentId())) {
        throw new IllegalArgumentException("trace " + id + ": duplicate sub-agent agent_id '" + s.agentId()
            + "' (requests[" + i + "]); agent ids must be unique within a trace");
      }
      String base = id + "::sa:" + s.agentId();
      int outerIndex = i;
      List<ChainSplitter.Chain> chains = options.splitFlattenedAgents()
          ? ChainSplitter.split(s.requests(), options.split(), ChainSplitter.Level.SUBAGENT)
          : List.of(new ChainSplitter.Chain("", IntStream.range(0, s.requests().size()).boxed().toList()));
      for (ChainSplitter.Chain chain : chains) {
        // The main chain starts at the entry's spawn instant and ends with the entry; split-off
        // chains get their own SPAWN/JOIN from their first start and last end.
        double start = chain.main() ? s.t() : s.requests().get(chain.members().getFirst()).t();
        double end = chain.main() ? end(s) : end(s.requests(), chain.members());
        int spawn = spawnTurn(root, rootOuter, i, start);
        if (spawn < 0) {
          spawn = spawnTurn(root, rootOuter, i, s.t());
        }
        children.add(new Child(base + chain.suffix(), "sa", id + ":spawn:" + s.agentId() + chain.suffix(),
            childTurns(s.requests(), chain.members(), k -> outerIndex, k -> k, null, model), spawn, joinTurn(root, spawn, end),
            start));
      }
    }
    for (int j = 1; j < parentChains.size(); j++) {
      // A parent-level extra chain spawns from the last main-chain turn recorded before its first
      // request (turn 0 when there is none) and joins like a sub-agent.
      ChainSplitter.Chain chain = parentChains.get(j);
      int first = chain.members().getFirst();
      double start = parents.get(first).t();
      int spawn = Math.max(0, spawnTurn(root, rootOuter, parentOuter.get(first), start));
      children.add(new Child(id + ":" + chain.suffix(), "flat", id + ":flatspawn:" + (j - 1),
          childTurns(parents, chain.members(), parentOuter::get, k -> -1, cap, model), spawn,
          joinTurn(root, spawn, end(parents, chain.members())), start));
    }

    // Collapse children of one kind sharing (spawn, join) into one branch, named after the first.
    Map<String, List<Child>> groups = new LinkedHashMap<>();
    for (Child c : children) {
      groups.computeIfAbsent(c.groupKind() + ":" + c.spawn() + ":" + c.join(), k -> new ArrayList<>()).add(c);
    }
    List<Branch> branches = new ArrayList<>();
    List<ReplayStream> childStreams = new ArrayList<>();
    List<List<String>> spawnsAt = new ArrayList<>();
    String[] joinAt = new String[root.size()];
    for (int k = 0; k < root.size(); k++) {
      spawnsAt.add(new ArrayList<>());
    }
    for (List<Child> group : groups.values()) {
      Child first = group.getFirst();
      String branchId = first.branchId();
      List<String> sessionIds = new ArrayList<>();
      double startMs = Double.POSITIVE_INFINITY;
      for (Child c : group) {
        sessionIds.add(c.sessionId());
        startMs = Math.min(startMs, ms(c.start()));
        childStreams.add(new ReplayStream(c.sessionId(), false, 1, id, branchId, c.turns()));
      }
      branches.add(new Branch(branchId, id, first.spawn(), first.join(), sessionIds, startMs));
      spawnsAt.get(first.spawn()).add(branchId);
      if (first.join() != null && joinAt[first.join()] == null) {
        joinAt[first.join()] = branchId;
      }
    }

    List<ReplayTurn> rootTurns = new ArrayList<>(root.size());
    for (int k = 0; k < root.size(); k++) {
      WekaRequest r = root.get(k);
      int maxTokens = cap == null ? r.out() : Math.min(r.out(), cap);
      rootTurns.add(new ReplayTurn(k, ms(r.t()), k == 0 ? 0 : delayMs(root.get(k - 1), r), maxTokens,
          model.apply(r.model()), r.in(), spawnsAt.get(k), joinAt[k], rootOuter.get(k), -1));
    }
    return new SessionTree(id, new ReplayStream(id, true, 0, null, null, rootTurns), childStreams, branches);
  }

  /** The first root turn after {@code spawn} recorded at or after {@code end}, or null (background). */
  private static Integer joinTurn(List<WekaRequest> root, int spawn, double end) {
    for (int k = spawn + 1; k < root.size(); k++) {
      if (root.get(k).t() + EPS >= end) {
        return k;
      }
    }
    return null;
  }

  /**
   * Turns of a child stream.
   *
   * @param outer source outer index of member k's request
   * @param inner source inner index of request index k, -1 for parent requests
   * @param cap synthesis-max-osl for parent-level chains; null for sub-agent turns, which are never capped
   */
  private static List<ReplayTurn> childTurns(List<WekaRequest> reqs, List<Integer> members, IntUnaryOperator outer,
      IntUnaryOperator inner, Integer cap, UnaryOperator<String> model) {
    List<ReplayTurn> turns = new ArrayList<>(members.size());
    for (int k = 0; k < members.size(); k++) {
      int m = members.get(k);
      WekaRequest r = reqs.get(m);
      int maxTokens = cap == null ? r.out() : Math.min(r.out(), cap);
      turns.add(new ReplayTurn(k, ms(r.t()), k == 0 ? 0 : delayMs(reqs.get(members.get(k - 1)), r), maxTokens,
          model.apply(r.model()), r.in(), List.of(), null, outer.applyAsInt(m), inner.applyAsInt(m)));
    }
    return turns;
  }

  /** The last root turn recorded before entry {@code outer} (in file order) at or before {@code start}, or -1. */
  private static int spawnTurn(List<WekaRequest> root, List<Integer> rootOuter, int outer, double start) {
    int best = -1;
    for (int k = 0; k < root.size(); k++) {
      if (rootOuter.get(k) < outer && root.get(k).t() <= start + EPS) {
        best = k;
      }
    }
    return best;
  }

  /** End of a split-off chain: its latest request end (start + api_time). */
  private static double end(List<WekaRequest> reqs, List<Integer> members) {
    double end = Double.NEGATIVE_INFINITY;
    for (int m : members) {
      WekaRequest r = reqs.get(m);
      end = Math.max(end, r.t() + Objects.requireNonNullElse(r.apiTime(), 0.0));
    }
    return end;
  }

  /** End-to-start delay: the recorded gap between the end of {@code prev} and the start of {@code next}. */
  static double delayMs(WekaRequest prev, WekaRequest next) {
    double api = prev.apiTime() == null ? 0 : prev.apiTime();
    return Math.max(0, ms(next.t() - prev.t() - api));
  }

  // Seconds to milliseconds at microsecond resolution, so converted relative times read cleanly.
  static double ms(double seconds) {
    return Math.round(seconds * 1e6) / 1e3;
  }

  /** End instant of a sub-agent: start + duration, else the latest inner end, else the last inner start. */
  static double end(WekaSubagent s) {
    if (s.durationMs() != null) {
      return s.t() + s.durationMs() / 1000.0;
    }
    boolean anyApi = false;
    double end = s.t();
    for (WekaRequest r : s.requests()) {
      if (r.apiTime() != null) {
        anyApi = true;
      }
      end = Math.max(end, r.t() + Objects.requireNonNullElse(r.apiTime(), 0.0));
    }
    return anyApi || s.requests().isEmpty() ? end : s.requests().getLast().t();
  }
}
