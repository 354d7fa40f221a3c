package dev.infermark.cli.user;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/** A user's key catalog: registered only inside the jar CliIT builds, where it adds a flag. */
public final class UserKeys implements KeyCatalog {
  public static final SettingKey<String> GREETING = SettingKey.string("cli-user-greeting", null,
      "A setting of the user's own scenarios (a flag of infermark profile once their jar is given).");

  @Override
  public List<SettingKey<?>> keys() {
    return List.of(GREETING);
  }
}
