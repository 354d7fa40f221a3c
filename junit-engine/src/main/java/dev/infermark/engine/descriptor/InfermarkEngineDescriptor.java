package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

import dev.infermark.settings.SettingsResolver;

/**
 * The engine's root, holding the user's settings as read once at discovery (as Jupiter's engine
 * descriptor holds its configuration): every run of this discovery resolves from them, and
 * execution uses them rather than reading the sources again.
 */
public final class InfermarkEngineDescriptor extends EngineDescriptor {
  private final SettingsResolver settings;

  public InfermarkEngineDescriptor(UniqueId id, SettingsResolver settings) {
    super(id, "infermark");
    this.settings = settings;
  }

  public SettingsResolver settings() {
    return settings;
  }
}
