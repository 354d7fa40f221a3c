package dev.infermark.settings;

/**
 * Renders {@code docs/settings.md} from the key catalogs on the class path, so the reference can
 * never drift from the code (a test in module {@code examples} compares the two).
 */
public final class SettingsDoc {
  private SettingsDoc() {}

  public static String render(ClassLoader loader) {
    StringBuilder b = new StringBuilder();
    b.append("# Settings\n\n")
        .append("<!-- Generated from the KeyCatalog classes; regenerate with\n")
        .append("     mvn -q -pl examples -am test -Dtest=SettingsDocTest -Dsurefire.failIfNoSpecifiedTests=false -Ddocs.update=true -->\n\n")
        .append("Every setting `NAME` is read, lowest precedence first, from: its default below; the scenario's\n")
        .append("`@Default`; the preset's defaults (`infermark.preset`); a value a `@Locked` rule injects;\n")
        .append("`junit-platform.properties` (key `infermark.NAME`); the system property `-Dinfermark.NAME`;\n")
        .append("the environment variable `INFERMARK_NAME` (upper case, `-` as `_`). On the command line,\n")
        .append("`infermark profile --NAME VALUE` sets it as `-Dinfermark.NAME` does and wins over `INFERMARK_NAME`\n")
        .append("([cli.md](cli.md)). The API key is also read from\n")
        .append("`OPENAI_API_KEY`, or from the file named by `infermark.api-key-file`; give it that way rather than as\n")
        .append("`-Dinfermark.api-key` (see running.md, \"API keys\"). An unknown `infermark.*` key is an error with a\n")
        .append("did-you-mean; a value that does not parse is an error naming the key. `infermark.param.<field>`\n")
        .append("replaces a `@Param` field's values.\n")
        .append("The resolved values and their sources are written to each run's `profile_export_aiperf.json`\n")
        .append("(`input_config`), with secrets redacted.\n\n")
        .append("Durations are written `90s`, `1500ms`, `2m`, `1h` or as plain seconds; lists are comma-separated;\n")
        .append("booleans are `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0` (any case; the same reading for `@Locked`\n")
        .append("values and boolean `@Param` fields).\n");
    for (KeyCatalog c : SettingsRegistry.catalogs(loader)) {
      b.append("\n## ").append(SettingsRegistry.title(c))
          .append(" (`").append(c.getClass().getName()).append("`)\n\n");
      if (!c.workloadKeys().isEmpty()) {
        b.append(c.workloadKeys().size() == c.keys().size() ? "These settings" : "The settings marked (w)")
            .append(" shape a workload: only a scenario that reads them honours them, and giving one to another\n")
            .append("scenario fails its run before any load, naming it.\n\n");
      }
      b.append("| Setting | Default | Environment | Meaning |\n|---|---|---|---|\n");
      for (SettingKey<?> k : c.keys()) {
        String def = k.defaultText() == null ? "" : k.defaultText().isEmpty() ? "(empty)" : "`" + k.defaultText() + "`";
        boolean marked = c.workloadKeys().contains(k) && c.workloadKeys().size() != c.keys().size();
        b.append("| `").append(k.property()).append(marked ? "` (w) | " : "` | ").append(def.replace("|", "\\|")).append(" | `")
            .append(k.environmentVariable()).append("` | ").append(k.doc().replace("|", "\\|")).append(" |\n");
      }
    }
    return b.toString();
  }
}
