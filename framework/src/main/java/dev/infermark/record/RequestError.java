package dev.infermark.record;

/**
 * A failed request's error, kept in its record.
 *
 * @param kind the classification
 * @param code the HTTP status (or 502 for an in-stream error, 0 when no response came)
 * @param type a short type ({@code Bad Request}, {@code ReadTimeout}, ...)
 * @param message a one-line message
 * @param body the start of the response body (bounded), or {@code null}
 */
public record RequestError(ErrorKind kind, int code, String type, String message, String body) {}
