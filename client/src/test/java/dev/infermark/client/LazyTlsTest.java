package dev.infermark.client;

import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.protocol.LazyTls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/**
 * A JDK client built with {@link LazyTls#defaults}: plain http makes no TLS context; https makes the
 * JVM's default one, which verifies as before (a self-signed loopback server is refused).
 */
class LazyTlsTest {
  @Test
  void plainHttpMakesNoTlsContextAndHttpsTheDefaultOneWhichVerifies() throws Exception {
    HttpClient client = LazyTls.defaults(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))).build();
    LazyTls.Context tls = (LazyTls.Context) client.sslContext();
    try (FakeOpenAi http = FakeOpenAi.start(); FakeOpenAi https = FakeOpenAi.startTls(TestTls.get().serverContext)) {
      http.handle((r, c) -> c.respond(200, "text/plain", "ok"));
      https.handle((r, c) -> c.respond(200, "text/plain", "ok"));
      HttpResponse<String> plain = client.send(request(http.uri()), HttpResponse.BodyHandlers.ofString());
      assertThat(plain.body()).isEqualTo("ok");
      assertThat(tls.made()).isFalse();

      assertThatThrownBy(() -> client.send(request(https.uri()), HttpResponse.BodyHandlers.ofString()))
          .hasStackTraceContaining("certification path");
      assertThat(tls.made()).isTrue();
      assertThat(https.requests()).isEmpty();
    }
  }

  private static HttpRequest request(URI base) {
    return HttpRequest.newBuilder(URI.create(base + "/v1/models")).timeout(Duration.ofSeconds(5)).GET().build();
  }
}
