package dev.infermark.agentx.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.agentx.trace.HashIds;
import dev.infermark.agentx.trace.WekaRequest;

/**
 * Splits a flattened sub-agent entry into independent chains (spec §2.6, phase 1 and
 * classification). A request extends the chain whose tail is a full hash-id prefix of it, has the
 * same model and had ended by its start (the longest such tail wins); otherwise it forks from the
 * chain sharing the longest prefix (depth + 1), or starts an independent chain when nothing is
 * shared. The main chain is the one holding the first request that is not a one-shot preamble
 * (output of at most 64 tokens, e.g. title generation). Other chains are classified, first match
 * wins: {@code aux} (one request on another model, or a small first input), {@code aux:red}
 * (one large-input, small-output reduction call), {@code wg} (three or more overlapping forks from
 * the same point), else {@code fa}.
 *
 * <p>Not implemented: phase-2 seam election (re-joining dead chain tails with later
 * continuations) and splitting of parent-level requests ({@code {trace}::fa:NNN}).
 */
public final class ChainSplitter {
  static final int AUX_MAX_REQUESTS = 1;
  static final double AUX_ISL_RATIO = 0.1;
  static final int AUX_ISL_FLOOR = 16_384;
  static final int AUX_REDUCTION_OSL_MAX = 4_000;
  static final int AUX_REDUCTION_RATIO = 20;
  static final int WORKER_GROUP_MIN = 3;
  static final int PREAMBLE_MAX_OUT = 64;
  private static final double EPS = 1e-6;

  private ChainSplitter() {}

  /**
   * One chain of a sub-agent entry.
   *
   * @param suffix appended to {@code {trace}::sa:{agent_id}}: empty for the main chain, else
   *     {@code :fa:NNN}, {@code :aux:NNN}, {@code :aux:red:NNN} or {@code :wg:GGG_MMM}
   * @param members indices into the entry's requests, in time order
   */
  public record Chain(String suffix, List<Integer> members) {
    public boolean main() {
      return suffix.isEmpty();
    }
  }

  private static final class Work {
    final List<Integer> members = new ArrayList<>();
    final int depth;
    final int parent; // chain it forked from, -1 for independent chains
    final int forkAt; // member index of the parent chain's tail when forking
    Work(int depth, int parent, int forkAt) {
      this.depth = depth;
      this.parent = parent;
      this.forkAt = forkAt;
    }
  }

  /** Splits the requests of one sub-agent entry; the result lists the main chain first. */
  public static List<Chain> split(List<WekaRequest> requests) {
    List<Work> chains = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      WekaRequest r = requests.get(i);
      int best = -1;
      int bestLen = -1;
      for (int c = 0; c < chains.size(); c++) {
        WekaRequest tail = requests.get(chains.get(c).members.getLast());
        HashIds th = tail.hashIds();
        double tailEnd = tail.t() + (tail.apiTime() == null ? 0 : tail.apiTime());
        if (tail.model().equals(r.model()) && th.size() > 0 && th.commonPrefix(r.hashIds()) == th.size()
            && tailEnd <= r.t() + EPS && th.size() > bestLen) {
          best = c;
          bestLen = th.size();
        }
      }
      if (best >= 0) {
        chains.get(best).members.add(i);
        continue;
      }
      int from = -1;
      int lcp = 0;
      for (int c = 0; c < chains.size(); c++) {
        int l = requests.get(chains.get(c).members.getLast()).hashIds().commonPrefix(r.hashIds());
        if (l > lcp) {
          lcp = l;
          from = c;
        }
      }
      Work w = from < 0 ? new Work(0, -1, -1)
          : new Work(chains.get(from).depth + 1, from, chains.get(from).members.getLast());
      w.members.add(i);
      chains.add(w);
    }
    int main = 0;
    for (int c = 0; c < chains.size(); c++) {
      Work w = chains.get(c);
      boolean preamble = w.members.size() == 1 && requests.get(w.members.getFirst()).out() <= PREAMBLE_MAX_OUT;
      if (!preamble) {
        main = c;
        break;
      }
    }
    Work mainChain = chains.get(main);
    String mainModel = requests.get(mainChain.members.getFirst()).model();
    int mainPeak = 0;
    for (int m : mainChain.members) {
      mainPeak = Math.max(mainPeak, requests.get(m).in());
    }
    // Worker groups: >= 3 forks from the same parent tail whose time intervals overlap.
    Map<String, List<Integer>> forkGroups = new HashMap<>();
    for (int c = 0; c < chains.size(); c++) {
      Work w = chains.get(c);
      if (c != main && w.depth > 0) {
        forkGroups.computeIfAbsent(w.parent + ":" + w.forkAt, k -> new ArrayList<>()).add(c);
      }
    }
    Map<Integer, String> names = new HashMap<>();
    int groupIndex = 0;
    for (List<Integer> group : forkGroups.values().stream().sorted((a, b) -> a.getFirst() - b.getFirst()).toList()) {
      if (group.size() >= WORKER_GROUP_MIN && overlapping(group, chains, requests)) {
        for (int m = 0; m < group.size(); m++) {
          names.put(group.get(m), String.format(":wg:%03d_%03d", groupIndex, m));
        }
        groupIndex++;
      }
    }
    List<Chain> out = new ArrayList<>();
    out.add(new Chain("", List.copyOf(mainChain.members)));
    int fa = 0;
    int aux = 0;
    int red = 0;
    for (int c = 0; c < chains.size(); c++) {
      if (c == main) {
        continue;
      }
      Work w = chains.get(c);
      WekaRequest first = requests.get(w.members.getFirst());
      String name;
      if (w.members.size() <= AUX_MAX_REQUESTS
          && (!first.model().equals(mainModel) || first.in() < Math.max(AUX_ISL_FLOOR, AUX_ISL_RATIO * mainPeak))) {
        name = String.format(":aux:%03d", aux++);
      } else if (w.members.size() == 1 && first.out() > 0 && first.out() < AUX_REDUCTION_OSL_MAX
          && first.in() >= AUX_ISL_FLOOR && first.in() > (long) AUX_REDUCTION_RATIO * first.out()) {
        name = String.format(":aux:red:%03d", red++);
      } else if (names.containsKey(c)) {
        name = names.get(c);
      } else {
        name = String.format(":fa:%03d", fa++);
      }
      out.add(new Chain(name, List.copyOf(w.members)));
    }
    return out;
  }

  private static boolean overlapping(List<Integer> group, List<Work> chains, List<WekaRequest> requests) {
    double latestStart = Double.NEGATIVE_INFINITY;
    double earliestEnd = Double.POSITIVE_INFINITY;
    for (int c : group) {
      Work w = chains.get(c);
      WekaRequest first = requests.get(w.members.getFirst());
      WekaRequest last = requests.get(w.members.getLast());
      latestStart = Math.max(latestStart, first.t());
      earliestEnd = Math.min(earliestEnd, last.t() + (last.apiTime() == null ? 0 : last.apiTime()));
    }
    return latestStart <= earliestEnd + EPS;
  }
}
