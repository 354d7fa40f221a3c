package dev.infermark.observer;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import dev.infermark.settings.Settings;

/**
 * The run an observer is started for.
 *
 * @param settings the run's settings
 * @param targets the servers' base URLs ({@code infermark.url}, one or several, or the embedded simulator's)
 * @param runDir the run's artifact folder, where an observer writes its files
 * @param out the console, one line a call
 */
public record ObservedRun(Settings settings, List<URI> targets, Path runDir, Consumer<String> out) {
  public ObservedRun {
    targets = List.copyOf(targets);
  }
}
