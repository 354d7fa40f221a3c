package dev.infermark.traces.format;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.traces.format.TraceRequest.Body;
import dev.infermark.traces.format.TraceRequest.HashBlocks;
import dev.infermark.traces.format.TraceRequest.Messages;
import dev.infermark.traces.prompt.BlockPrompts;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.ReplayStream;

/** What each request of a flat trace sends: a rebuilt prompt, literal messages, or a body as given. */
final class FlatPrompts implements PromptSource {
  private final Map<String, List<TraceRequest>> bySession;
  private final BlockPrompts blocks;

  FlatPrompts(Map<String, List<TraceRequest>> bySession, BlockPrompts blocks) {
    this.bySession = Map.copyOf(bySession);
    this.blocks = blocks;
  }

  private TraceRequest request(ReplayStream stream, int turnIndex) {
    List<TraceRequest> rs = bySession.get(stream.sessionId());
    if (rs == null) {
      throw new IllegalArgumentException("no session " + stream.sessionId());
    }
    return rs.get(turnIndex);
  }

  @Override
  public List<ChatMessage> messages(ReplayStream stream, int turnIndex) {
    TraceRequest r = request(stream, turnIndex);
    return switch (r.content()) {
      case HashBlocks h -> List.of(ChatMessage.user(blocks.text(h.ids(), r.inputTokens(), stream.sessionId() + ":" + turnIndex)));
      case Messages m -> m.messages();
      case Body b -> List.of();
    };
  }

  @Override
  public Map<String, Object> body(ReplayStream stream, int turnIndex) {
    TraceRequest r = request(stream, turnIndex);
    if (!(r.content() instanceof Body b)) {
      return r.extra();
    }
    if (r.extra() == null) {
      return b.fields();
    }
    Map<String, Object> merged = new LinkedHashMap<>(b.fields());
    merged.putAll(r.extra());
    return merged;
  }

  @Override
  public boolean live(ReplayStream stream) {
    return request(stream, 0).content() instanceof Messages m && m.live();
  }
}
