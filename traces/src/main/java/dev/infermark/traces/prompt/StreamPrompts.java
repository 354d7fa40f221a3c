package dev.infermark.traces.prompt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.memo.LruMemo;
import dev.infermark.traces.prompt.Segment.Role;
import dev.infermark.traces.weka.HashIds;
import dev.infermark.traces.weka.WekaRequest;

/**
 * The reconstructed prompts of one stream (spec §2.7): per turn, the segment list (system, user and
 * assistant messages) whose token counts add up to the recorded {@code in}, plus whether the turn
 * resets the context or appends a delta.
 *
 * <p>Segment lists are persistent linked lists: a turn shares the unchanged head of the previous
 * turn's list and adds at most two nodes (assistant, user) plus one for a cut segment, so memory
 * grows with turns, not with prompt tokens.
 */
public final class StreamPrompts {
  /** One planned turn: the full message list and how it is emitted. */
  public record TurnPlan(List<Segment> segments, boolean reset, int deltaFrom) {
    /** The segments emitted for this turn: all of them on a reset, else the ones appended. */
    public List<Segment> delta() {
      return segments.subList(reset ? 0 : deltaFrom, segments.size());
    }
  }

  private static final class Node {
    final Segment segment;
    final Node prev;
    final int index;
    final int blocksBefore;

    Node(Segment segment, Node prev) {
      this.segment = segment;
      this.prev = prev;
      this.index = prev == null ? 0 : prev.index + 1;
      this.blocksBefore = prev == null ? 0 : prev.blocksBefore + prev.segment.blocks();
    }
  }

  private record Turn(Node last, boolean reset, int deltaFrom) {}

  private final String sessionId;
  private final BlockSeeds seeds;
  private final TokenCorpus corpus;
  private final int blockSize;
  private final Turn[] turns;
  /** Each segment's text as escaped for a JSON string, by its node: every later turn re-sends it. */
  private final LruMemo<Object, byte[]> escaped;

  private StreamPrompts(String sessionId, BlockSeeds seeds, TokenCorpus corpus, int blockSize, Turn[] turns,
      LruMemo<Object, byte[]> escaped) {
    this.sessionId = sessionId;
    this.seeds = seeds;
    this.corpus = corpus;
    this.blockSize = blockSize;
    this.turns = turns;
    this.escaped = escaped;
  }

  /**
   * Plans every turn of a stream.
   *
   * @param requests the stream's recorded requests in order
   * @param prefixTokens {@code tool_tokens + system_tokens} of the stream (one system message)
   * @throws IllegalArgumentException when turn 0's system prefix needs more hash blocks than recorded
   */
  public static StreamPrompts plan(String sessionId, List<WekaRequest> requests, int prefixTokens, int blockSize,
      BlockSeeds seeds, TokenCorpus corpus) {
    return plan(sessionId, requests, prefixTokens, blockSize, seeds, corpus, new LruMemo<>(0, (k, v) -> 0));
  }

  /**
   * Plans every turn of a stream, keeping its segments' escaped texts in {@code escaped} (one memo
   * for a corpus' streams, see {@link CorpusPrompts}).
   */
  static StreamPrompts plan(String sessionId, List<WekaRequest> requests, int prefixTokens, int blockSize,
      BlockSeeds seeds, TokenCorpus corpus, LruMemo<Object, byte[]> escaped) {
    Turn[] turns = new Turn[requests.size()];
    Node last = null;
    for (int k = 0; k < requests.size(); k++) {
      WekaRequest r = requests.get(k);
      HashIds h = r.hashIds();
      int full = r.in() / blockSize;
      int covered = Math.min(full, h.size());
      if (k == 0) {
        last = null;
        int p = 0;
        if (prefixTokens > 0) {
          int need = (prefixTokens + blockSize - 1) / blockSize;
          if (need > h.size()) {
            throw new IllegalArgumentException("stream " + sessionId + ": weka trace turn-0 system prefix requires " + need
                + " hash blocks but only " + h.size() + " were recorded (tool+system tokens " + prefixTokens + ")");
          }
          p = Math.min(need, covered);
          if (p > 0) {
            last = new Node(new Segment(Role.SYSTEM, h, 0, p, 0, 0), last);
          }
        }
        int tail = (full - covered) * blockSize + r.in() % blockSize;
        if (covered > p || tail > 0 || last == null) {
          last = new Node(new Segment(Role.USER, h, p, covered, seeds.tailStart(sessionId, k, tail), tail), last);
        }
        turns[k] = new Turn(last, true, 0);
        continue;
      }
      WekaRequest prev = requests.get(k - 1);
      int prevCovered = Math.min(prev.hashIds().size(), prev.in() / blockSize);
      int lcp = Math.min(prev.hashIds().commonPrefix(h), Math.min(prevCovered, covered));
      // Truncate the list to lcp blocks; any segment touched or removed disturbs emitted context.
      boolean disturbed = false;
      Node n = last;
      while (n != null && n.blocksBefore >= lcp) {
        n = n.prev; // starts at or after the cut: removed
        disturbed = true;
      }
      if (n != null && (n.blocksBefore + n.segment.blocks() > lcp || n.segment.tailTokens() > 0)) {
        // crosses the cut, or ends on it with a synthetic overhang: sliced at the cut
        n = new Node(n.segment.cut(Math.min(lcp - n.blocksBefore, n.segment.blocks())), n.prev);
        disturbed = true;
      }
      boolean userSurvived = false;
      for (Node m = n; m != null; m = m.prev) {
        if (m.segment.role() == Role.USER) {
          userSurvived = true;
          break;
        }
      }
      int fresh = Math.max(0, covered - lcp);
      int synth = r.in() % blockSize + Math.max(0, (full - h.size()) * blockSize);
      int assistant = prev.out() > 0 ? (prev.out() + blockSize - 1) / blockSize : 0;
      if (!userSurvived) {
        assistant = 0; // context-loss rule
      }
      assistant = Math.min(assistant, fresh);
      if (assistant == fresh && synth == 0 && assistant > 0) {
        assistant--; // every prompt ends with a user message
      }
      int deltaFrom = n == null ? 0 : n.index + 1;
      if (assistant > 0) {
        n = new Node(new Segment(Role.ASSISTANT, h, lcp, lcp + assistant, 0, 0), n);
      }
      if (fresh - assistant > 0 || synth > 0) {
        n = new Node(new Segment(Role.USER, h, lcp + assistant, covered, seeds.tailStart(sessionId, k, synth), synth), n);
      }
      last = n;
      turns[k] = new Turn(last, disturbed, disturbed ? 0 : deltaFrom);
    }
    return new StreamPrompts(sessionId, seeds, corpus, blockSize, turns, escaped);
  }

  public String sessionId() {
    return sessionId;
  }

  public int turnCount() {
    return turns.length;
  }

  /** The plan of turn {@code k}. */
  public TurnPlan turn(int k) {
    Turn t = turns[k];
    List<Segment> segs = new ArrayList<>(t.last() == null ? 0 : t.last().index + 1);
    for (Node n = t.last(); n != null; n = n.prev) {
      segs.add(n.segment);
    }
    Collections.reverse(segs);
    return new TurnPlan(List.copyOf(segs), t.reset(), t.deltaFrom());
  }

  /** The accumulated chat history to send at turn {@code k}, texts assembled lazily. */
  public List<ChatMessage> messages(int k) {
    Node last = turns[k].last();
    ChatMessage[] out = new ChatMessage[last == null ? 0 : last.index + 1];
    for (Node n = last; n != null; n = n.prev) {
      out[n.index] = new ChatMessage(n.segment.role().wire(), text(n.segment, n));
    }
    return new ArrayList<>(Arrays.asList(out));
  }

  /** The lazily assembled text of one segment. */
  public CharSequence text(Segment s) {
    return text(s, null);
  }

  /** The text of one segment; with its node, its escaped form is kept for the turns that re-send it. */
  private CharSequence text(Segment s, Node node) {
    int[] starts = new int[s.blocks()];
    for (int i = 0; i < starts.length; i++) {
      starts[i] = seeds.blockStart(s.ids().get(s.from() + i));
    }
    return new SegmentText(corpus, starts, blockSize, s.tailStart(), s.tailTokens(), node, node == null ? null : escaped);
  }
}
