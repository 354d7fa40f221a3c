package dev.infermark.client;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;

/**
 * One response body, read by its status and content type whatever was asked: SSE (parsed as the
 * bytes arrive), a whole JSON body (parsed at its end, at most {@link #MAX_JSON_BODY}), or an error
 * body (the first {@link #MAX_ERROR_BODY} kept, at most {@link #MAX_ERROR_DRAIN} read). The same
 * for every transport. Not thread-safe: the exchange serialises the calls.
 */
final class ResponseBody {
  /** How much of an error body a record keeps. */
  static final int MAX_ERROR_BODY = 16 * 1024;
  /** How much of an error body is read (then the connection is dropped). */
  static final int MAX_ERROR_DRAIN = 1 << 20;
  /** The largest non-streamed body parsed. */
  static final int MAX_JSON_BODY = 256 << 20;

  enum Mode {
    SSE, JSON, ERROR
  }

  final Mode mode;
  private final ResponseAccumulator acc;
  private final SseDecoder sse;
  private final ByteArrayOutputStream whole;
  private long total;

  ResponseBody(int status, String contentType, ResponseAccumulator acc) {
    this.mode = status >= 300 ? Mode.ERROR
        : contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream") ? Mode.SSE : Mode.JSON;
    this.acc = acc;
    this.sse = mode == Mode.SSE ? new SseDecoder(acc) : null;
    this.whole = mode == Mode.SSE ? null : new ByteArrayOutputStream(mode == Mode.ERROR ? 1024 : 8192);
  }

  /**
   * Bytes of one read received at {@code ns}.
   *
   * @return false when the rest is not worth reading: a broken stream (the error is in the
   *     accumulator), a JSON body too large, or an error body drained as far as it is read
   */
  boolean feed(byte[] b, int off, int len, long ns) {
    total += len;
    switch (mode) {
      case SSE -> {
        try {
          sse.feed(b, off, len, ns);
        } catch (SseDecoder.SseException e) {
          acc.fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "ProtocolError", e.getMessage(), null));
          return false;
        } catch (RuntimeException e) {
          acc.fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, e.getClass().getSimpleName(), String.valueOf(e.getMessage()), null));
          return false;
        }
        return true;
      }
      case JSON -> {
        if (total > MAX_JSON_BODY) {
          acc.fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "BodyTooLarge",
              "the response body exceeds " + (MAX_JSON_BODY >> 20) + " MiB", null));
          return false;
        }
        whole.write(b, off, len);
        return true;
      }
      default -> {
        whole.write(b, off, (int) Math.max(0, Math.min(len, MAX_ERROR_BODY - whole.size())));
        return total < MAX_ERROR_DRAIN;
      }
    }
  }

  /** The body ended normally; the last read was at {@code lastNs}. */
  void end(long lastNs) {
    if (mode == Mode.SSE) {
      sse.finish(lastNs);
    } else if (mode == Mode.JSON && acc.error == null) {
      acc.onBody(whole.toByteArray(), lastNs);
    }
  }

  /** The error of an HTTP error status, from the part of the body that was kept. */
  RequestError httpError(int status, ErrorClassifier classifier) {
    String text = whole.toString(StandardCharsets.UTF_8);
    if (total > MAX_ERROR_BODY) {
      text += "...(" + total + (total >= MAX_ERROR_DRAIN ? "+" : "") + " bytes)";
    }
    String reason = reasonPhrase(status);
    String message = ErrorClassifier.errorMessage(text);
    if (message == null) {
      message = text.isBlank() ? reason : ResponseAccumulator.abbreviate(text.strip(), 500);
    }
    return new RequestError(classifier.forHttpStatus(status, text), status, reason, ResponseAccumulator.abbreviate(message, 500),
        text);
  }

  static String reasonPhrase(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 413 -> "Payload Too Large";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 501 -> "Not Implemented";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "HTTP " + status;
    };
  }
}
