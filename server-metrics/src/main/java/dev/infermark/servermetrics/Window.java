package dev.infermark.servermetrics;

/**
 * The span statistics are computed over, on the recorder's clock (epoch ns).
 *
 * @param marked whether both ends come from phase marks; otherwise the window is the whole recording
 */
public record Window(long startNs, long endNs, boolean marked) {
  public Window {
    if (endNs < startNs) {
      throw new IllegalArgumentException("window ends (" + endNs + ") before it starts (" + startNs + ")");
    }
  }
}
