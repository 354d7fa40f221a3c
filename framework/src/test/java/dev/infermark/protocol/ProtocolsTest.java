package dev.infermark.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Settings;

/** {@code infermark.protocol} picks a provider by name; a wrong name is an error that helps. */
class ProtocolsTest {
  private static Protocol named(String name) {
    return new Protocol() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public ServerClient open(Settings settings, List<URI> targets, RequestCounter counter) {
        throw new UnsupportedOperationException();
      }
    };
  }

  private static final Map<String, Protocol> TWO = new LinkedHashMap<>(Map.of("openai", named("openai")));

  static {
    TWO.put("grpc", named("grpc"));
  }

  @Test
  void theNamedProtocolIsChosen() {
    assertThat(Protocols.named("grpc", TWO).name()).isEqualTo("grpc");
    assertThat(Protocols.named(" openai ", TWO).name()).isEqualTo("openai");
  }

  @Test
  void anUnknownNameIsAnErrorNamingTheSettingTheKnownNamesAndTheClosest() {
    assertThatThrownBy(() -> Protocols.named("opena", TWO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("infermark.protocol: unknown protocol 'opena' (did you mean 'openai'?); known: openai, grpc");
    assertThatThrownBy(() -> Protocols.named("websocket", TWO))
        .hasMessage("infermark.protocol: unknown protocol 'websocket'; known: openai, grpc");
  }

  @Test
  void withNoProtocolOnTheClassPathTheErrorSaysWhatToAdd() {
    assertThatThrownBy(() -> Protocols.named("openai", Map.of()))
        .hasMessageStartingWith("infermark.protocol: no protocol client on the class path for 'openai'")
        .hasMessageContaining("infermark-client");
  }

  @Test
  void aClientWithoutTheOptionalPartsGivesNothingForThem() {
    ServerClient bare = request -> null;
    assertThat(bare.urls()).isEmpty();
    assertThat(bare.selfCheck()).isEmpty();
    assertThat(bare.servedContext()).isEmpty();
    assertThat(bare.bodyListener((r, id, body) -> { })).isSameAs(bare);
    bare.countTokensWith(() -> {
      throw new AssertionError("a client that never counts must not load the tokenizer");
    });
  }
}
