package dev.infermark.client;

import java.net.URI;
import java.util.List;

import dev.infermark.protocol.Protocol;
import dev.infermark.protocol.RequestCounter;
import dev.infermark.protocol.ServerClient;
import dev.infermark.settings.Settings;

/** {@code infermark.protocol=openai} (the default): the OpenAI-compatible HTTP/SSE client, {@link OpenAiClient}. */
public final class OpenAiProtocol implements Protocol {
  /** This protocol's name. */
  public static final String NAME = "openai";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ServerClient open(Settings settings, List<URI> targets, RequestCounter counter) {
    return OpenAiClient.create(settings, targets, counter);
  }
}
