package dev.infermark.spi;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import dev.infermark.api.RunContext;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.client.ServedContext;
import dev.infermark.hub.HfHub;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.settings.Settings;
import dev.infermark.slo.SloSpec;
import dev.infermark.tokenizer.Tokenizer;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run as a {@link Methodology} sees it: everything a {@link RunContext} gives, and what a
 * methodology takes from the framework. The harness implements it; tests build one with
 * {@code ScenarioTestKit}.
 */
public interface MethodologyContext extends RunContext {
  /** The run's resolved settings, read with typed keys ({@code settings().get(Keys.CONCURRENCY)}). */
  Settings settings();

  /** The run's tokenizer: {@code infermark.tokenizer}, else the model id, else the built-in stand-in; loaded once. */
  Tokenizer tokenizer();

  /** The Hugging Face hub (HTTP API and local cache) datasets and tokenizers are fetched from. */
  HfHub hub();

  /** The server's base URL (the first {@code infermark.url}, or the embedded simulator's). */
  URI target();

  /** Whether the target is the embedded simulator started for this run. */
  boolean embeddedTarget();

  /**
   * The context length the target serves ({@code max_model_len} in its {@code GET /v1/models}, the smallest over
   * the run's URLs), as the preflight found it; empty when it advertises none or the preflight did not run. A
   * methodology checks its workload against it before any load (the AgentX replay names the traces that would
   * overflow).
   */
  Optional<ServedContext> servedContext();

  /** The submission verdict of a scenario with locks, to which the methodology adds the reasons it finds at run time. */
  Optional<SubmissionVerdict> verdict();

  /**
   * The scenario's own SLOs: its {@code @Slo}s and {@code @SloTier}s (expanded), its superclasses' and composed
   * annotations' included, in order.
   */
  List<SloSpec> slos();

  /**
   * Fields the methodology adds to {@code profile_export_aiperf.json} ({@code branch_stats},
   * {@code metadata.dataset}, ...); merged at the end of the run, {@code metadata} key by key.
   */
  ObjectNode exportExtras();

  /**
   * Adds a section to the run's results ({@code RunResults.sections()}), which the methodology's own
   * {@code ResultFormat} writes at the end of the run; added while the run goes, so a run that fails
   * afterwards still writes it (stamped partial).
   */
  void section(Object section);

  /** The sections added so far, in order. */
  List<Object> sections();

  /**
   * Keeps records matching {@code path} out of the run's records: AIPerf's skip path for the agentic
   * replay's profiling context overflows, and nothing else (every other request has exactly one record).
   */
  void skipPath(Predicate<RequestRecord> path);
}
