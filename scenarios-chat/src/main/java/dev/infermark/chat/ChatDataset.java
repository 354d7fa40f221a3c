package dev.infermark.chat;

import java.util.List;
import java.util.function.Consumer;

import dev.infermark.api.workload.Conversation;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;

/**
 * Where the chat scenario's conversations come from, chosen by the settings: the synthetic data set of the
 * {@link ChatKeys} unless a data file is named. This is the one place a data set source plugs in: a file format
 * returns the {@link Conversation}s of its file (system prompt, user context, turns with their output lengths), and
 * the scenario plays them under whatever load model the run has.
 */
public final class ChatDataset {
  private ChatDataset() {}

  /**
   * The workload: iterations cycle through the data set's conversations.
   *
   * @param log receives one line saying what the run plays
   * @throws IllegalArgumentException naming a setting that cannot be used
   */
  public static Conversations conversations(ChatSettings s, SyntheticText text, long seed, Consumer<String> log) {
    s.inputFile().ifPresent(f -> {
      throw new IllegalArgumentException("infermark.input-file: the chat scenario reads no data files yet (JSONL, "
          + "ShareGPT and trace formats are still to come); it plays synthetic prompts: isl, osl, num-prefix-prompts, "
          + "... (docs/cli.md)");
    });
    s.publicDataset().ifPresent(d -> {
      throw new IllegalArgumentException("infermark.public-dataset: the chat scenario reads no public data sets yet ("
          + d + "); it plays synthetic prompts: isl, osl, num-prefix-prompts, ... (docs/cli.md)");
    });
    SyntheticChat synthetic = SyntheticChat.of(s);
    List<Conversation> dataset = synthetic.conversations(text, seed);
    log.accept("infermark: chat: " + synthetic.describe());
    return Conversations.cycle(dataset);
  }
}
