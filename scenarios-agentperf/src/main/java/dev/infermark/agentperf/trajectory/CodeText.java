package dev.infermark.agentperf.trajectory;

import java.nio.CharBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import dev.infermark.tokenizer.Tokenizer;

/**
 * Code-like text in 14 programming languages, and English prose, generated once per seed into
 * pools from which messages take slices without copying ({@link CharBuffer} views), so thousands
 * of agents hold long prompts in little memory. Each pool's characters-per-token ratio is measured
 * once with the run's tokenizer, so slices are sized in tokens.
 */
public final class CodeText {
  /** Languages and their share of repositories: Python most, then TypeScript and Go (the seed's order). */
  public static final Map<String, Double> LANGUAGE_SHARES = shares();

  private static final int POOL_CHARS = 600_000;
  private static final int CALIBRATION_CHARS = 40_000;

  private final Map<String, String> pools = new LinkedHashMap<>();
  private final Map<String, Double> charsPerToken = new LinkedHashMap<>();

  public CodeText(long seed, Tokenizer tokenizer) {
    SplittableRandom random = new SplittableRandom(seed);
    for (String lang : LANGUAGE_SHARES.keySet()) {
      put(lang, generate(LINES.get(lang), random.split()), tokenizer);
    }
    put("prose", generate(PROSE, random.split()), tokenizer);
  }

  private void put(String name, String pool, Tokenizer tokenizer) {
    pools.put(name, pool);
    int tokens = Math.max(1, tokenizer.count(pool.substring(0, CALIBRATION_CHARS)));
    charsPerToken.put(name, (double) CALIBRATION_CHARS / tokens);
  }

  /** The languages, in share order. */
  public List<String> languages() {
    return List.copyOf(LANGUAGE_SHARES.keySet());
  }

  /** Picks a language by its share. */
  public String pickLanguage(SplittableRandom random) {
    double u = random.nextDouble();
    for (Map.Entry<String, Double> e : LANGUAGE_SHARES.entrySet()) {
      u -= e.getValue();
      if (u < 0) {
        return e.getKey();
      }
    }
    return "python";
  }

  /**
   * About {@code tokens} tokens of {@code language} (or {@code prose}) text, starting at a random
   * line of the pool; a view, not a copy. Capped at the pool's size.
   */
  public CharSequence slice(String language, int tokens, SplittableRandom random) {
    String pool = pools.get(language);
    if (pool == null) {
      throw new IllegalArgumentException("no text pool for language '" + language + "'");
    }
    int chars = (int) Math.min(pool.length() / 2, Math.max(1, Math.round(tokens * charsPerToken.get(language))));
    int start = random.nextInt(pool.length() - chars);
    int nl = pool.indexOf('\n', start);
    if (nl >= 0 && nl + 1 + chars <= pool.length()) {
      start = nl + 1;
    }
    return CharBuffer.wrap(pool, start, start + chars);
  }

  /** The measured characters per token of a pool. */
  public double charsPerToken(String language) {
    return charsPerToken.get(language);
  }

  private static String generate(String[] templates, SplittableRandom random) {
    StringBuilder b = new StringBuilder(POOL_CHARS + 200);
    int indent = 0;
    while (b.length() < POOL_CHARS) {
      String t = templates[random.nextInt(templates.length)];
      b.repeat(' ', indent * 4);
      for (int i = 0; i < t.length(); i++) {
        char c = t.charAt(i);
        switch (c) {
          case '@' -> b.append(IDENTS[random.nextInt(IDENTS.length)]);
          case '#' -> b.append(random.nextInt(1000));
          case '$' -> b.append(IDENTS[random.nextInt(IDENTS.length)]).append('_').append(IDENTS[random.nextInt(IDENTS.length)]);
          default -> b.append(c);
        }
      }
      b.append('\n');
      indent = Math.floorMod(indent + random.nextInt(3) - 1, 4);
    }
    return b.toString();
  }

  private static Map<String, Double> shares() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("python", 0.30);
    m.put("typescript", 0.16);
    m.put("go", 0.12);
    m.put("rust", 0.07);
    m.put("javascript", 0.07);
    m.put("java", 0.06);
    m.put("cpp", 0.05);
    m.put("c", 0.04);
    m.put("ruby", 0.03);
    m.put("php", 0.03);
    m.put("csharp", 0.03);
    m.put("kotlin", 0.02);
    m.put("swift", 0.01);
    m.put("scala", 0.01);
    return java.util.Collections.unmodifiableMap(m);
  }

  private static final String[] IDENTS = {"request", "response", "config", "cache", "buffer", "index", "user",
      "session", "handler", "parser", "token", "stream", "node", "graph", "layer", "path", "file", "item", "result",
      "value", "count", "limit", "offset", "client", "server", "queue", "worker", "event", "state", "schema",
      "record", "field", "model", "route", "payload", "header", "metric", "span", "batch", "shard"};

  private static final Map<String, String[]> LINES = Map.ofEntries(
      Map.entry("python", new String[] {"def @_$(self, @: int = #) -> dict:", "return {\"@\": self.@, \"$\": #}",
          "for @ in self.$:", "if @ is None or len(@) > #:", "raise ValueError(f\"bad @: {@!r}\")",
          "from .@ import $, @", "self.$ = @.get(\"@\", #)", "class $(Base@):", "@ = [x.@ for x in $ if x]",
          "logger.debug(\"@ %s\", $)", "with open(@_path, \"r\") as fh:", "yield from self._@($)"}),
      Map.entry("typescript", new String[] {"export function @$(@: string, $: number): Promise<@> {",
          "const @ = await this.$.get(`/@/${$}`);", "if (!@ || @.length > #) { return null; }",
          "import { @, $ } from './@';", "interface @Props { $: string; @?: number }", "return { ...@, $: # };",
          "this.@ = new Map<string, @>();", "type $ = Record<string, @ | undefined>;"}),
      Map.entry("go", new String[] {"func (s *@) $(ctx context.Context, @ string) (*@, error) {",
          "if err != nil { return nil, fmt.Errorf(\"@: %w\", err) }", "@ := make(map[string]int, #)",
          "for _, @ := range s.$ {", "type @ struct { $ string `json:\"@\"` }", "return &@{$: #}, nil",
          "defer s.@.Close()", "s.mu.Lock()"}),
      Map.entry("rust", new String[] {"pub fn @_$(&self, @: &str) -> Result<@, Error> {", "let @ = self.$.get(@)?;",
          "match @ { Some(v) => v, None => return Err(Error::@) }", "impl @ for $ {", "use crate::@::{$, @};",
          "#[derive(Debug, Clone)]", "let mut @: Vec<u32> = Vec::with_capacity(#);", "Ok(@)"}),
      Map.entry("javascript", new String[] {"function @$(@, $) {", "const @ = require('./@');",
          "module.exports = { @, $ };", "if (@ === undefined) return #;", "@.forEach(($) => { $.@ += #; });",
          "return new Promise((resolve) => setTimeout(resolve, #));"}),
      Map.entry("java", new String[] {"public @ $(String @, int #) {", "private final Map<String, @> $ = new HashMap<>();",
          "if (@ == null) { throw new IllegalArgumentException(\"@\"); }", "return @.stream().map(@::$).toList();",
          "@Override", "import java.util.@;", "for (var @ : $) {", "log.debug(\"@ {}\", $);"}),
      Map.entry("cpp", new String[] {"std::vector<@> $(const std::string& @) {", "auto @ = std::make_unique<$>(#);",
          "for (const auto& @ : $) {", "#include <@>", "if (@ == nullptr) { return {}; }", "template <typename T> T @(T $);"}),
      Map.entry("c", new String[] {"static int @_$(struct @ *@, size_t n) {", "if (@ == NULL) return -#;",
          "memcpy(@, $, sizeof(*@));", "for (size_t i = 0; i < #; i++) {", "#include \"@.h\"", "free(@);"}),
      Map.entry("ruby", new String[] {"def @_$(@, opts = {})", "@ = $.fetch(:@, #)", "return nil if @.nil?",
          "class @ < $", "@.each do |$|", "end"}),
      Map.entry("php", new String[] {"public function @$($@) {", "$@ = $this->$->get('@');",
          "if (empty($@)) { return #; }", "use App\\@\\$;", "return ['@' => $@];"}),
      Map.entry("csharp", new String[] {"public async Task<@> $Async(string @) {", "var @ = await _$.GetAsync(@);",
          "if (@ is null) throw new ArgumentException(nameof(@));", "using System.@;", "return new @ { $ = # };"}),
      Map.entry("kotlin", new String[] {"fun @$(@: String): @? {", "val @ = $.getOrNull(#) ?: return null",
          "data class @(val $: String, val @: Int = #)", "import com.@.$"}),
      Map.entry("swift", new String[] {"func @$(_ @: String) throws -> @ {", "guard let @ = $ else { return # }",
          "struct @: Codable { let $: String }", "import @"}),
      Map.entry("scala", new String[] {"def @$(@: String): Option[@] =", "val @ = $.map(_.@).getOrElse(#)",
          "case class @($: String, @: Int)", "import @.$._"}));

  private static final String[] PROSE = {"You are an expert software engineer working in the @ repository.",
      "Use the $ tool to inspect files before editing them; keep changes minimal.",
      "The user reports that @ fails when $ is larger than # items.", "Tool `@`: reads a file; parameters: path, offset, limit.",
      "Tool `$`: runs a shell command with a timeout of # seconds.", "Always run the tests after changing the @ module.",
      "Explain the root cause of the $ bug before proposing a fix.", "I will look at the @ handler and the $ schema next."};
}
