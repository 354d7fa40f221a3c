package dev.infermark.simulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import tools.jackson.core.io.JsonStringEncoder;

/**
 * The streamed wire as the simulator wrote it before chunks were built as bytes in place (a
 * StringBuilder per response, {@code toString().getBytes(UTF_8)} per write, then size line, data
 * and tail copied into one array): kept verbatim as the reference the new path must equal byte for
 * byte, and as the baseline of {@link ChunkWriteMeasure}.
 */
final class WireBefore {
  private static final JsonStringEncoder ENCODER = JsonStringEncoder.getInstance();

  private final boolean chat;
  private final String head;

  WireBefore(boolean chat, String id, long created, String model) {
    this.chat = chat;
    StringBuilder b = new StringBuilder(128);
    b.append("data: {\"id\":\"").append(id).append("\",\"object\":\"")
        .append(chat ? "chat.completion.chunk" : "text_completion").append("\",\"created\":").append(created)
        .append(",\"model\":\"");
    ENCODER.quoteAsString(model, b);
    b.append("\",\"choices\":");
    this.head = b.toString();
  }

  void role(StringBuilder out) {
    out.append(head).append("[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
        + "\"finish_reason\":null}]}\n\n");
  }

  void token(StringBuilder out, String text, boolean reasoning, String finishReason) {
    out.append(head).append("[{\"index\":0,");
    if (chat) {
      out.append("\"delta\":{\"").append(reasoning ? "reasoning_content" : "content").append("\":\"");
      ENCODER.quoteAsString(text, out);
      out.append("\"},\"logprobs\":null,\"finish_reason\":");
    } else {
      out.append("\"text\":\"");
      ENCODER.quoteAsString(text, out);
      out.append("\",\"logprobs\":null,\"finish_reason\":");
    }
    if (finishReason == null) {
      out.append("null");
    } else {
      out.append('"').append(finishReason).append('"');
    }
    out.append(chat ? "}]}\n\n" : ",\"stop_reason\":null}]}\n\n");
  }

  void malformed(StringBuilder out) {
    out.append(head).append("[{\"index\":0,\"delta\":{\"content\":\"\n\n");
  }

  void usage(StringBuilder out, int promptTokens, int completionTokens, int cachedTokens, int reasoningTokens) {
    out.append(head).append("[],\"usage\":");
    ChunkFormat.usageJson(out, promptTokens, completionTokens, cachedTokens, reasoningTokens);
    out.append("}\n\n");
  }

  static void done(StringBuilder out) {
    out.append("data: [DONE]\n\n");
  }

  /** {@code HttpConnection.writeChunk} as it was. */
  static void writeChunk(OutputStream out, byte[] data, boolean last) throws IOException {
    byte[] size = (Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    byte[] tail = (last ? "\r\n0\r\n\r\n" : "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[size.length + data.length + tail.length];
    System.arraycopy(size, 0, all, 0, size.length);
    System.arraycopy(data, 0, all, size.length, data.length);
    System.arraycopy(tail, 0, all, size.length + data.length, tail.length);
    out.write(all);
    out.flush();
  }

  /** What one streamed response's chunks are made of; {@code batches} ends each write's tokens. */
  record Stream(boolean chat, String id, long created, String model, String[] texts, int reasoning, String finishReason,
      Fault fault, int faultIndex, boolean includeUsage, int promptLen, int cached, int[] batches) {}

  /** The body of {@code s} after the head, as {@code Completion.Response.stream} wrote it. */
  static byte[] wire(Stream s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WireBefore fmt = new WireBefore(s.chat, s.id, s.created, s.model);
    int target = s.texts.length;
    StringBuilder sb = new StringBuilder(1024);
    int sent = 0;
    for (int upTo : s.batches) {
      if (s.fault == Fault.RESET && sent == s.faultIndex) {
        return out.toByteArray();
      }
      upTo = s.fault == Fault.RESET ? Math.min(upTo, s.faultIndex) : upTo;
      sb.setLength(0);
      for (int i = sent; i < upTo; i++) {
        if (i == 0 && s.chat) {
          fmt.role(sb);
        }
        if (s.fault == Fault.MALFORMED_CHUNK && i == s.faultIndex) {
          fmt.malformed(sb);
        } else {
          fmt.token(sb, s.texts[i], i < s.reasoning, i == target - 1 ? s.finishReason : null);
        }
      }
      writeChunk(out, sb.toString().getBytes(StandardCharsets.UTF_8), false);
      sent = upTo;
    }
    if (s.fault == Fault.RESET && sent == s.faultIndex) {
      return out.toByteArray();
    }
    sb.setLength(0);
    if (s.includeUsage) {
      fmt.usage(sb, s.promptLen, target, s.cached, s.reasoning);
    }
    if (s.fault != Fault.MISSING_DONE) {
      done(sb);
    }
    writeChunk(out, sb.toString().getBytes(StandardCharsets.UTF_8), true);
    return out.toByteArray();
  }
}
