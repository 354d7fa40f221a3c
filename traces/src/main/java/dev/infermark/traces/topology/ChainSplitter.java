package dev.infermark.traces.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

import dev.infermark.traces.weka.HashIds;
import dev.infermark.traces.weka.WekaRequest;

/**
 * Splits flattened requests (a sub-agent entry's, or a trace's parent requests) into independent
 * chains (spec §2.6). Requests are visited in (t, index) order.
 *
 * <p>Preamble: when the earliest request has at most 64 output tokens and shares no hash prefix
 * with any other request (a title-generation call), it is left out of the detection, so it can
 * neither head nor define the main chain (its model and peak input, the yardstick of the {@code aux}
 * rule) nor be extended or forked from. It is replayed as the first turn of the main chain, as
 * AIPerf does, so the stream that the sub-agent's (or trace's) spawn instant starts stays whole.
 *
 * <p>Phase 1: a request extends the chain whose tail is a full hash-id prefix of it, has the same
 * model and had ended by its start (the longest such tail wins); otherwise it forks from the chain
 * whose tail shares the longest prefix (lineage depth + 1, remembering the shared block count), or
 * starts an independent chain when nothing is shared.
 *
 * <p>Phase 2, seam election: a tail that was never extended is dead; among the chains forked from
 * it that start after it ended, on its model, the continuation sharing the most blocks with it
 * (then the earliest start, then the lowest index) is spliced onto its chain, as the same
 * conversation after a context edit (compaction). Seam guard: a candidate starting more than
 * {@link SplitOptions#seamMaxGapSeconds()} after the tail ended and sharing less than
 * {@link SplitOptions#seamMinOverlapRatio()} of its blocks is not a continuation; it stays a
 * spawn. After a splice the other forks of the consumed tail are re-attached to the new tail (when
 * they share a prefix with it) and may be elected there.
 *
 * <p>Requests without hash ids carry no prefix evidence: like the preamble they stay out of the
 * detection and are replayed on the main chain, in time order.
 *
 * <p>The main chain is the chain of the first detected request. Other chains are named, first match
 * wins: {@code aux} (few requests, on another model or with a small first input),
 * {@code aux:red} (one large-input, small-output reduction call; {@code aux} at the parent level),
 * {@code wg} (enough overlapping forks from the same point), else {@code fa}.
 */
public final class ChainSplitter {
  static final int PREAMBLE_MAX_OUT = 64;
  private static final double EPS = 1e-6;

  private ChainSplitter() {}

  /** Where the chains live, which decides their names. */
  public enum Level {
    /** Inside a sub-agent entry: suffixes follow {@code {trace}::sa:{agent_id}}. */
    SUBAGENT,
    /** The trace's parent requests: suffixes follow {@code {trace}:}, reductions are named {@code aux}. */
    PARENT
  }

  /**
   * One chain.
   *
   * @param suffix empty for the main chain, else {@code :fa:NNN}, {@code :aux:NNN}, {@code :aux:red:NNN}
   *     (sub-agents only) or {@code :wg:GGG_MMM}
   * @param members indices into the split requests, in time order
   */
  public record Chain(String suffix, List<Integer> members) {
    public Chain {
      members = List.copyOf(members);
    }

    public boolean main() {
      return suffix.isEmpty();
    }
  }

  private static final class Work {
    final List<Integer> members = new ArrayList<>();
    final int depth; // lineage: 0 for independent chains, parent depth + 1 for forks
    int parent; // chain it forked from, -1 for independent chains
    int forkAt; // request index of the tail it forked from, -1 for independent chains
    int shared; // hash blocks shared with that tail at the fork
    int splicedInto = -1; // set when phase 2 spliced this chain onto another
    int[] ids; // the ids of its phase-1 tail (and of every member, as prefixes), with spare capacity

    Work(int depth, int parent, int forkAt, int shared) {
      this.depth = depth;
      this.parent = parent;
      this.forkAt = forkAt;
      this.shared = shared;
    }
  }

  /** Splits a sub-agent entry's requests with the default thresholds. */
  public static List<Chain> split(List<WekaRequest> requests) {
    return split(requests, SplitOptions.defaults(), Level.SUBAGENT);
  }

  /** Splits {@code requests}; the result lists the main chain first, then the others by first request. */
  public static List<Chain> split(List<WekaRequest> requests, SplitOptions o, Level level) {
    int n = requests.size();
    if (n == 0) {
      return List.of(new Chain("", List.of()));
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> requests.get(i).t()).thenComparingInt(i -> i));
    int[] rank = new int[n];
    for (int k = 0; k < n; k++) {
      rank[order[k]] = k;
    }
    int preamble = preamble(requests, order);

    // Ids are compared as flat arrays (one vectorised mismatch; HashIds.get walks the base chain):
    // request i's ids are ids[i][0:len[i]). The members of a phase-1 chain extend each other, so
    // they share one growing array, and a request built on its chain's tail (HashIds.extendsWhole,
    // as parsed conversations are) adds only its own ids without being read whole: work and memory
    // follow the chains and the distinct ids, not the sum of all prompts.
    int[][] ids = new int[n][];
    int[] len = new int[n];
    int longest = 0;
    for (WekaRequest r : requests) {
      longest = Math.max(longest, r.hashIds().size());
    }
    int[] current = new int[longest]; // the request being placed, written out only when compared

    // Phase 1: online assignment.
    List<Work> chains = new ArrayList<>();
    int[] chainOf = new int[n];
    Map<Integer, List<Integer>> forksByTail = new HashMap<>();
    List<Integer> unmatched = new ArrayList<>(); // the preamble and requests without hash ids
    for (int i : order) {
      WekaRequest r = requests.get(i);
      HashIds h = r.hashIds();
      int size = h.size();
      if (i == preamble || size == 0) {
        unmatched.add(i);
        continue;
      }
      // Extension: the longest tail that is a full prefix, on the same model and ended by the start
      // (first chain on ties). A tail the ids were built on is such a prefix without comparing.
      int best = -1;
      int bestLen = -1;
      for (int c = 0; c < chains.size(); c++) {
        int t = chains.get(c).members.getLast();
        if (h.extendsWhole(requests.get(t).hashIds()) && extendable(requests.get(t), r)) {
          best = c;
          bestLen = len[t];
          break;
        }
      }
      boolean written = false;
      for (int c = 0; c < chains.size(); c++) {
        int t = chains.get(c).members.getLast();
        if (c != best && (len[t] > bestLen || (len[t] == bestLen && c < best)) && len[t] <= size
            && extendable(requests.get(t), r)) {
          if (!written) {
            h.toArray(current, 0);
            written = true;
          }
          if (lcp(ids[t], len[t], current, size) == len[t]) {
            best = c;
            bestLen = len[t];
          }
        }
      }
      if (best >= 0) {
        Work w = chains.get(best);
        if (w.ids.length < size) {
          w.ids = Arrays.copyOf(w.ids, Math.max(size, 2 * w.ids.length));
        }
        if (written) {
          System.arraycopy(current, bestLen, w.ids, bestLen, size - bestLen);
        } else {
          h.toArray(w.ids, bestLen);
        }
        ids[i] = w.ids;
        len[i] = size;
        w.members.add(i);
        chainOf[i] = best;
        continue;
      }
      if (!written) {
        h.toArray(current, 0);
      }
      int from = -1;
      int lcp = 0;
      for (int c = 0; c < chains.size(); c++) {
        int t = chains.get(c).members.getLast();
        int l = lcp(ids[t], len[t], current, size);
        if (l > lcp) {
          lcp = l;
          from = c;
        }
      }
      Work w;
      if (from < 0) {
        w = new Work(0, -1, -1, 0);
      } else {
        int tail = chains.get(from).members.getLast();
        w = new Work(chains.get(from).depth + 1, from, tail, lcp);
        forksByTail.computeIfAbsent(tail, k -> new ArrayList<>()).add(chains.size());
      }
      w.ids = Arrays.copyOf(current, size);
      ids[i] = w.ids;
      len[i] = size;
      w.members.add(i);
      chainOf[i] = chains.size();
      chains.add(w);
    }

    electSeams(requests, ids, len, chains, chainOf, forksByTail, rank, o);
    for (Work w : chains) {
      if (w.splicedInto < 0 && w.parent >= 0) {
        w.parent = resolve(chains, w.parent);
      }
    }

    if (chains.isEmpty()) {
      return List.of(new Chain("", unmatched));
    }
    int main = resolve(chains, chainOf[chains.getFirst().members.getFirst()]);
    Work mainChain = chains.get(main);
    String mainModel = requests.get(mainChain.members.getFirst()).model();
    int mainPeak = 0;
    for (int m : mainChain.members) {
      mainPeak = Math.max(mainPeak, requests.get(m).in());
    }
    List<Integer> others = new ArrayList<>();
    for (int c = 0; c < chains.size(); c++) {
      if (c != main && chains.get(c).splicedInto < 0) {
        others.add(c);
      }
    }
    others.sort(Comparator.comparingInt(c -> rank[chains.get(c).members.getFirst()]));

    // Worker groups: forks from the same parent tail whose time intervals overlap.
    Map<String, List<Integer>> forkGroups = new HashMap<>();
    for (int c : others) {
      Work w = chains.get(c);
      if (w.parent >= 0 && w.shared > 0) {
        forkGroups.computeIfAbsent(w.parent + ":" + w.forkAt, k -> new ArrayList<>()).add(c);
      }
    }
    Map<Integer, String> names = new HashMap<>();
    int groupIndex = 0;
    List<List<Integer>> groups = new ArrayList<>(forkGroups.values());
    groups.sort(Comparator.comparingInt(g -> rank[chains.get(g.getFirst()).members.getFirst()]));
    for (List<Integer> group : groups) {
      if (o.workerGroupMin() > 0 && group.size() >= o.workerGroupMin() && overlapping(group, chains, requests)) {
        for (int m = 0; m < group.size(); m++) {
          names.put(group.get(m), String.format(":wg:%03d_%03d", groupIndex, m));
        }
        groupIndex++;
      }
    }

    List<Integer> mainMembers = new ArrayList<>(mainChain.members);
    mainMembers.addAll(unmatched);
    mainMembers.sort(Comparator.comparingInt(m -> rank[m]));
    List<Chain> out = new ArrayList<>();
    out.add(new Chain("", mainMembers));
    int fa = 0;
    int aux = 0;
    int red = 0;
    double auxIsl = Math.max(o.auxIslFloor(), o.auxIslRatio() * mainPeak);
    for (int c : others) {
      Work w = chains.get(c);
      WekaRequest first = requests.get(w.members.getFirst());
      String name;
      if (w.members.size() <= o.auxMaxRequests()
          && ((o.auxCrossModel() && !first.model().equals(mainModel)) || first.in() < auxIsl)) {
        name = String.format(":aux:%03d", aux++);
      } else if (w.members.size() == 1 && first.out() > 0 && first.out() < o.auxReductionOslMax()
          && first.in() >= o.auxIslFloor() && first.in() > o.auxReductionRatio() * first.out()) {
        name = level == Level.SUBAGENT ? String.format(":aux:red:%03d", red++) : String.format(":aux:%03d", aux++);
      } else if (names.containsKey(c)) {
        name = names.get(c);
      } else {
        name = String.format(":fa:%03d", fa++);
      }
      out.add(new Chain(name, w.members));
    }
    return out;
  }

  /** The earliest request when it is a small one-shot sharing no hash prefix with any other request, else -1. */
  private static int preamble(List<WekaRequest> requests, Integer[] order) {
    if (order.length < 2) {
      return -1;
    }
    WekaRequest p = requests.get(order[0]);
    if (p.out() > PREAMBLE_MAX_OUT || p.hashIds().size() == 0) {
      return -1;
    }
    int first = p.hashIds().get(0);
    for (int k = 1; k < order.length; k++) {
      HashIds other = requests.get(order[k]).hashIds();
      if (other.size() > 0 && other.get(0) == first) { // a common prefix of at least one block
        return -1;
      }
    }
    return order[0];
  }

  /** Phase 2: splices elected continuations onto dead tails, visiting fork points in time order. */
  private static void electSeams(List<WekaRequest> requests, int[][] ids, int[] len, List<Work> chains, int[] chainOf,
      Map<Integer, List<Integer>> forksByTail, int[] rank, SplitOptions o) {
    PriorityQueue<Integer> tails = new PriorityQueue<>(Comparator.comparingInt(i -> rank[i]));
    tails.addAll(forksByTail.keySet());
    Set<Integer> processed = new HashSet<>();
    while (!tails.isEmpty()) {
      int tail = tails.poll();
      if (!processed.add(tail)) {
        continue;
      }
      int owner = resolve(chains, chainOf[tail]);
      Work ownerChain = chains.get(owner);
      if (ownerChain.members.getLast() != tail) {
        continue; // the tail was extended: its forks are spawns
      }
      List<Integer> registered = new ArrayList<>();
      for (int c : forksByTail.get(tail)) {
        if (chains.get(c).splicedInto < 0 && chains.get(c).forkAt == tail) {
          registered.add(c);
        }
      }
      WekaRequest t = requests.get(tail);
      int elected = -1;
      for (int c : registered) {
        Work w = chains.get(c);
        WekaRequest head = requests.get(w.members.getFirst());
        boolean eligible = w.shared > 0 && end(t) <= head.t() + EPS && head.model().equals(t.model())
            && !guarded(t, head, w.shared, o);
        if (eligible && (elected < 0 || better(chains, requests, c, elected))) {
          elected = c;
        }
      }
      if (elected < 0) {
        continue;
      }
      Work target = chains.get(elected);
      ownerChain.members.addAll(target.members);
      target.splicedInto = owner;
      int newTail = ownerChain.members.getLast();
      boolean rekeyed = false;
      for (int c : registered) {
        Work w = chains.get(c);
        int d = c == elected ? 0 : lcp(ids[newTail], len[newTail], ids[w.members.getFirst()], len[w.members.getFirst()]);
        if (d > 0) {
          w.forkAt = newTail;
          w.shared = d;
          w.parent = owner;
          forksByTail.computeIfAbsent(newTail, k -> new ArrayList<>()).add(c);
          rekeyed = true;
        }
      }
      if (rekeyed) {
        processed.remove(newTail);
        tails.add(newTail);
      }
    }
  }

  /** Seam guard: a late continuation that keeps little of the tail's context is a new spawn. */
  static boolean guarded(WekaRequest tail, WekaRequest head, int shared, SplitOptions o) {
    int tailBlocks = tail.hashIds().size();
    if (tailBlocks == 0) {
      return false;
    }
    double gap = head.t() - end(tail);
    return gap > o.seamMaxGapSeconds() && (double) shared / tailBlocks < o.seamMinOverlapRatio();
  }

  /** Election order: most shared blocks, then earliest start, then lowest index. */
  private static boolean better(List<Work> chains, List<WekaRequest> requests, int a, int b) {
    Work wa = chains.get(a);
    Work wb = chains.get(b);
    if (wa.shared != wb.shared) {
      return wa.shared > wb.shared;
    }
    double ta = requests.get(wa.members.getFirst()).t();
    double tb = requests.get(wb.members.getFirst()).t();
    if (ta != tb) {
      return ta < tb;
    }
    return a < b;
  }

  /** A tail {@code r} may extend, its ids aside: same model, ended by {@code r}'s start. */
  private static boolean extendable(WekaRequest tail, WekaRequest r) {
    return tail.model().equals(r.model()) && end(tail) <= r.t() + EPS;
  }

  /** Length of the longest common prefix of {@code a[0:la)} and {@code b[0:lb)}. */
  private static int lcp(int[] a, int la, int[] b, int lb) {
    int m = Arrays.mismatch(a, 0, la, b, 0, lb);
    return m < 0 ? la : m;
  }

  private static int resolve(List<Work> chains, int c) {
    while (chains.get(c).splicedInto >= 0) {
      c = chains.get(c).splicedInto;
    }
    return c;
  }

  private static double end(WekaRequest r) {
    return r.t() + (r.apiTime() == null ? 0 : Math.max(0, r.apiTime()));
  }

  private static boolean overlapping(List<Integer> group, List<Work> chains, List<WekaRequest> requests) {
    double latestStart = Double.NEGATIVE_INFINITY;
    double earliestEnd = Double.POSITIVE_INFINITY;
    for (int c : group) {
      double chainEnd = Double.NEGATIVE_INFINITY;
      for (int m : chains.get(c).members) {
        chainEnd = Math.max(chainEnd, end(requests.get(m)));
      }
      latestStart = Math.max(latestStart, requests.get(chains.get(c).members.getFirst()).t());
      earliestEnd = Math.min(earliestEnd, chainEnd);
    }
    return latestStart <= earliestEnd + EPS;
  }
}
