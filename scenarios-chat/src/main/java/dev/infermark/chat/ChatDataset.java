package dev.infermark.chat;

import java.util.List;

import dev.infermark.api.RunContext;
import dev.infermark.api.workload.Conversation;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceConversations;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.format.TraceKeys;

/**
 * Where the chat scenario's conversations come from, chosen by the settings: the synthetic data set of the
 * {@link ChatKeys}, or the conversations of {@code input-file} in any format the trace plug-in point reads
 * ({@link TraceFormats}: AIPerf's {@code single_turn}, {@code multi_turn}, ShareGPT, or a trace whose every session is
 * one user prompt). Either way the scenario plays them under whatever load model the run has.
 */
public final class ChatDataset {
  private ChatDataset() {}

  /**
   * The workload: iterations cycle through the data set's conversations.
   *
   * @param ctx the run's context (its seed; it receives one line saying what the run plays)
   * @throws IllegalArgumentException naming a setting that cannot be used, or bad input in the file
   */
  public static Conversations conversations(ChatSettings s, SyntheticText text, RunContext ctx) {
    s.publicDataset().ifPresent(d -> {
      throw new IllegalArgumentException(Keys.PUBLIC_DATASET.property() + ": the chat scenario reads no public data "
          + "sets (" + d + "); the Weka corpora replay with --scenario trace-replay or inferencex-agentx-mvp, and chat "
          + "plays synthetic prompts (isl, osl, ...) or the conversations of an input-file (docs/traces.md)");
    });
    if (s.inputFile().isPresent()) {
      return file(ctx);
    }
    SyntheticChat synthetic = SyntheticChat.of(s);
    List<Conversation> dataset = synthetic.conversations(text, ctx.seed());
    ctx.log("infermark: chat: " + synthetic.describe());
    return Conversations.cycle(dataset);
  }

  /** The conversations of {@code input-file}, each built when it is played (a rebuilt prompt's text is long). */
  private static Conversations file(RunContext ctx) {
    if (ctx instanceof MethodologyContext m) {
      refuseUnread(m.settings());
    }
    Corpus corpus = TraceFormats.load(ctx);
    TraceConversations dataset = TraceConversations.of(corpus);
    String input = corpus.datasetMetadata().path("input_file").asString("");
    if (dataset.size() == 0) {
      throw new IllegalArgumentException(Keys.INPUT_FILE.property() + ": " + input + " holds no conversation to play");
    }
    ctx.log("infermark: chat: " + dataset.size() + (dataset.size() == 1 ? " conversation" : " conversations") + " of "
        + input + " (" + corpus.loader() + "), under the run's load model");
    return Conversations.from(i -> new Conversation(null, null, dataset.turns(Math.floorMod(i, dataset.size()))));
  }

  /** A setting given with a file that the file's conversations would not honour fails, named. */
  private static void refuseUnread(Settings settings) {
    for (SettingKey<?> k : new ChatKeys().keys()) {
      if (settings.isExplicit(k)) {
        throw new IllegalArgumentException(k.property() + ": a synthetic prompt setting, and the chat scenario plays "
            + "the conversations of " + Keys.INPUT_FILE.property() + " as the file gives them: remove one of the two");
      }
    }
    if (Boolean.TRUE.equals(settings.get(TraceKeys.FIXED_SCHEDULE))) {
      throw new IllegalArgumentException(TraceKeys.FIXED_SCHEDULE.property() + ": the chat scenario plays "
          + Keys.INPUT_FILE.property() + " under the run's load model; to replay it on its timestamps run "
          + "--scenario trace-replay (docs/traces.md)");
    }
  }
}
