package dev.infermark.traces.weka;

/**
 * A trace file or row that does not match the Weka schema. The message names the source (file
 * path or {@code repo row N}), the field path (e.g. {@code requests[3].hash_ids[7]}) and the reason.
 */
public final class WekaFormatException extends IllegalArgumentException {
  private final String source;
  private final String field;

  public WekaFormatException(String source, String field, String reason) {
    super(source + (field == null || field.isEmpty() ? "" : ": " + field) + ": " + reason);
    this.source = source;
    this.field = field;
  }

  public WekaFormatException(String source, String field, String reason, Throwable cause) {
    this(source, field, reason);
    initCause(cause);
  }

  /** The file path or row the error is in. */
  public String source() {
    return source;
  }

  /** The field path, or empty for whole-document errors. */
  public String field() {
    return field;
  }
}
