package dev.infermark.agentx.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

import dev.infermark.agentx.trace.WekaEntry;
import dev.infermark.agentx.trace.WekaRequest;
import dev.infermark.agentx.trace.WekaSubagent;
import dev.infermark.agentx.trace.WekaTrace;

/**
 * Turns one {@link WekaTrace} into a {@link SessionTree} (spec §2.5): the root conversation from the
 * parent requests, one child stream per retained sub-agent entry, SPAWN on the last parent turn at
 * or before the sub-agent's start, JOIN on the first later parent turn at or after its end
 * (background when none), and children sharing (spawn, join) collapsed into one branch.
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

    // Parent turns: position in the entry list -> parent turn index.
    List<Integer> parentOuter = new ArrayList<>();
    List<WekaRequest> parents = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i) instanceof WekaRequest r) {
        parentOuter.add(i);
        parents.add(r);
      }
    }

    // Retained child streams and their (spawn, join) pairs, in file order.
    record Child(String sessionId, String branchName, WekaSubagent entry, int outer, List<Integer> inner, int spawn,
        Integer join, double start) {}
    List<Child> children = new ArrayList<>();
    Set<String> agentIds = new HashSet<>();
    int parentsBefore = 0;
    for (int i = 0; i < entries.size(); i++) {
      WekaEntry e = entries.get(i);
      if (e instanceof WekaRequest) {
        parentsBefore++;
        continue;
      }
      WekaSubagent s = (WekaSubagent) e;
      if (s.requests().isEmpty()) {
        LOG.log(System.Logger.Level.INFO, "Dropping subagent {0} of trace {1}: it has no requests", s.agentId(), id);
        continue;
      }
      if (spawnTurn(parents, parentsBefore, s.t()) < 0) {
        LOG.log(System.Logger.Level.INFO, "Dropping subagent {0} of trace {1}: no preceding parent turn", s.agentId(), id);
        continue;
      }
      if (!agentIds.add(s.agentId())) {
        throw new IllegalArgumentException("trace " + id + ": duplicate sub-agent agent_id '" + s.agentId()
            + "' (requests[" + i + "]); agent ids must be unique within a trace");
      }
      String base = id + "::sa:" + s.agentId();
      List<ChainSplitter.Chain> chains = options.splitFlattenedAgents() ? ChainSplitter.split(s.requests())
          : List.of(new ChainSplitter.Chain("", java.util.stream.IntStream.range(0, s.requests().size()).boxed().toList()));
      for (ChainSplitter.Chain chain : chains) {
        // The main chain starts at the entry's spawn instant and ends with the entry; split-off
        // chains get their own SPAWN/JOIN from their first start and last end.
        double start = chain.main() ? s.t() : s.requests().get(chain.members().getFirst()).t();
        double end = chain.main() ? end(s) : end(s.requests(), chain.members());
        int spawn = spawnTurn(parents, parentsBefore, start);
        if (spawn < 0) {
          spawn = spawnTurn(parents, parentsBefore, s.t());
        }
        Integer join = null;
        for (int k = spawn + 1; k < parents.size(); k++) {
          if (parents.get(k).t() + EPS >= end) {
            join = k;
            break;
          }
        }
        children.add(new Child(base + chain.suffix(), s.agentId() + chain.suffix(), s, i, chain.members(), spawn, join, start));
      }
    }

    // Collapse children sharing (spawn, join) into one branch, named after the first.
    Map<String, List<Child>> groups = new LinkedHashMap<>();
    for (Child c : children) {
      groups.computeIfAbsent(c.spawn() + ":" + c.join(), k -> new ArrayList<>()).add(c);
    }
    List<Branch> branches = new ArrayList<>();
    List<ReplayStream> childStreams = new ArrayList<>();
    List<List<String>> spawnsAt = new ArrayList<>();
    String[] joinAt = new String[parents.size()];
    for (int k = 0; k < parents.size(); k++) {
      spawnsAt.add(new ArrayList<>());
    }
    for (List<Child> group : groups.values()) {
      Child first = group.getFirst();
      String branchId = id + ":spawn:" + first.branchName();
      List<String> sessionIds = new ArrayList<>();
      double startMs = Double.POSITIVE_INFINITY;
      for (Child c : group) {
        sessionIds.add(c.sessionId());
        startMs = Math.min(startMs, ms(c.start()));
        childStreams.add(new ReplayStream(c.sessionId(), false, 1, id, branchId, childTurns(c.entry(), c.outer(), c.inner(), model)));
      }
      branches.add(new Branch(branchId, id, first.spawn(), first.join(), sessionIds, startMs));
      spawnsAt.get(first.spawn()).add(branchId);
      if (first.join() != null && joinAt[first.join()] == null) {
        joinAt[first.join()] = branchId;
      }
    }

    List<ReplayTurn> rootTurns = new ArrayList<>(parents.size());
    Integer cap = options.synthesisMaxOsl();
    for (int k = 0; k < parents.size(); k++) {
      WekaRequest r = parents.get(k);
      int maxTokens = cap == null ? r.out() : Math.min(r.out(), cap);
      rootTurns.add(new ReplayTurn(k, ms(r.t()), k == 0 ? 0 : delayMs(parents.get(k - 1), r), maxTokens,
          model.apply(r.model()), r.in(), spawnsAt.get(k), joinAt[k], parentOuter.get(k), -1));
    }
    ReplayStream root = new ReplayStream(id, true, 0, null, null, rootTurns);
    return new SessionTree(id, root, childStreams, branches);
  }

  private static List<ReplayTurn> childTurns(WekaSubagent s, int outer, List<Integer> inner, UnaryOperator<String> model) {
    List<WekaRequest> reqs = s.requests();
    List<ReplayTurn> turns = new ArrayList<>(inner.size());
    for (int k = 0; k < inner.size(); k++) {
      WekaRequest r = reqs.get(inner.get(k));
      // Sub-agent turns are not capped by synthesis-max-osl (spec §2.5).
      turns.add(new ReplayTurn(k, ms(r.t()), k == 0 ? 0 : delayMs(reqs.get(inner.get(k - 1)), r), r.out(),
          model.apply(r.model()), r.in(), List.of(), null, outer, inner.get(k)));
    }
    return turns;
  }

  /** The last of the first {@code before} parent turns recorded at or before {@code start}, or -1. */
  private static int spawnTurn(List<WekaRequest> parents, int before, double start) {
    for (int k = before - 1; k >= 0; k--) {
      if (parents.get(k).t() <= start + EPS) {
        return k;
      }
    }
    return -1;
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
