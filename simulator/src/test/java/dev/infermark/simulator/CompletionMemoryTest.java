package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;

import org.junit.jupiter.api.Test;

/**
 * A response may stream for minutes while thousands are in flight: it must not keep the request's
 * messages (the size of the prompt) reachable, only what it needs to answer.
 */
class CompletionMemoryTest {
  @Test
  void aResponseInProgressHoldsNoneOfTheParsedRequest() {
    Class<?> response = null;
    for (Class<?> c : Completion.class.getDeclaredClasses()) {
      if (c.getSimpleName().equals("Response")) {
        response = c;
      }
    }
    assertThat(response).isNotNull();
    for (Field f : response.getDeclaredFields()) {
      assertThat(f.getType()).as(f.getName()).isNotIn(ApiRequest.class, java.util.List.class, String[].class);
    }
  }
}
