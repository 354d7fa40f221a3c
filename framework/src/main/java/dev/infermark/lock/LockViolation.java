package dev.infermark.lock;

/**
 * One broken {@link Lock}: the flag (setting), the value given, the value required and why.
 * Its text form is {@code "infermark.KEY: got 'X', required 'Y' (REASON)"}.
 */
public record LockViolation(String flag, String current, String required, String message, boolean bypassable) {
  @Override
  public String toString() {
    return flag + ": got " + quote(current) + ", required " + quote(required) + (message.isBlank() ? "" : " (" + message + ")");
  }

  private static String quote(String s) {
    return s == null ? "None" : "'" + s + "'";
  }
}
