package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.JsonText;

/**
 * Cache-bust markers (spec §3.11, target {@code first_turn_prefix}): one per tree play,
 * {@code "[rid:" + hex(SHA-256("{benchmark_id}:{recycle_pass}:{lane}:{trace_id}"))[0:12] + "]"},
 * prepended with a blank line to the first user message of every request of the play (root and
 * every descendant), so no two plays, lanes or runs share a prefix-cache entry.
 */
public final class CacheBust {
  /** The target name recorded with each request. */
  public static final String TARGET = "first_turn_prefix";

  private CacheBust() {}

  /** The marker of one play. */
  public static String marker(String benchmarkId, int recyclePass, int lane, String traceId) {
    String hex = HexFormat.of().formatHex(StartInstant.sha256(benchmarkId + ":" + recyclePass + ":" + lane + ":" + traceId));
    return "[rid:" + hex.substring(0, 12) + "]";
  }

  /**
   * The messages with {@code marker + "\n\n"} in front of the first user message. The content is
   * wrapped, not copied; a message that already starts with the marker is left alone.
   */
  public static List<ChatMessage> apply(List<ChatMessage> messages, String marker) {
    if (marker == null) {
      return messages;
    }
    List<ChatMessage> out = new ArrayList<>(messages);
    for (int i = 0; i < out.size(); i++) {
      ChatMessage m = out.get(i);
      if ("user".equals(m.role())) {
        if (!startsWith(m.content(), marker)) {
          out.set(i, new ChatMessage(m.role(), new PrefixedText(marker + "\n\n", m.content())));
        }
        break;
      }
    }
    return out;
  }

  private static boolean startsWith(CharSequence s, String prefix) {
    if (s.length() < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (s.charAt(i) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code prefix + text} as a view, so large prompts are not copied; its escaped form is the
   * marker's and the text's (kept by the text when it recurs).
   */
  record PrefixedText(String prefix, CharSequence text) implements JsonText {
    @Override
    public byte[] jsonEscaped() {
      return JsonText.concat(JsonText.escape(prefix), JsonText.escaped(text));
    }

    @Override
    public int length() {
      return prefix.length() + text.length();
    }

    @Override
    public char charAt(int index) {
      return index < prefix.length() ? prefix.charAt(index) : text.charAt(index - prefix.length());
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      if (end <= prefix.length()) {
        return prefix.substring(start, end);
      }
      if (start >= prefix.length()) {
        return text.subSequence(start - prefix.length(), end - prefix.length());
      }
      return new PrefixedText(prefix.substring(start), text.subSequence(0, end - prefix.length()));
    }

    @Override
    public String toString() {
      return prefix + text;
    }
  }
}
