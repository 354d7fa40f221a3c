package dev.infermark.chat;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.util.Optional;

import dev.infermark.api.status.API;

/**
 * What the chat scenario reads (a typed settings interface: each method reads the setting its name says in kebab
 * case): the synthetic prompts' {@link ChatKeys}, and the core data settings that would choose a file instead. A
 * scenario of your own that takes it as a {@code @Workload} parameter honours the same settings.
 */
@API(status = EXPERIMENTAL, since = "0.2")
public interface ChatSettings {
  int isl();

  int islStddev();

  Optional<Integer> osl();

  int oslStddev();

  Optional<Boolean> fixedOutputLength();

  Optional<Integer> numPrefixPrompts();

  Optional<Integer> prefixPromptLength();

  Optional<Integer> sharedSystemPromptLength();

  Optional<Integer> userContextPromptLength();

  /** How many conversations the data set holds (iterations cycle through them); unset: 100, AIPerf's default. */
  Optional<Integer> numDatasetEntries();

  Optional<String> inputFile();

  Optional<String> publicDataset();
}
