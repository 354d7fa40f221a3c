package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.fixture.FakeOpenAi;

/** What the Netty transport keeps of a request while its response is awaited. */
class NettyTransportTest {
  /** A sink that ignores everything: the test looks at the call, not the response. */
  private static final ResponseSink IGNORE = new ResponseSink() {
    @Override
    public void onWriting(long ns) {}

    @Override
    public void onHeaders(int status, String contentType, long ns) {}

    @Override
    public boolean onBytes(byte[] b, int off, int len, long ns) {
      return true;
    }

    @Override
    public void onEnd() {}

    @Override
    public void onFailure(Throwable t) {}
  };

  @Test
  void aWrittenRequestsBodyIsNotHeldWhileTheResponseIsAwaited() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start();
        NettyTransport transport = new NettyTransport(1, null, Duration.ofSeconds(10))) {
      server.handle((req, conn) -> conn.stall()); // answers nothing until closed
      byte[] body = new byte[200_000]; // a prompt-sized body
      Arrays.fill(body, (byte) 'x');
      NettyTransport.NettyCall call = (NettyTransport.NettyCall) transport.start(
          new HttpCall(server.uri().resolve("/v1/chat/completions"), List.of(), body), IGNORE);
      server.awaitArrived(1); // the server read the whole request
      assertThat(call.holdsRequest()).isFalse();
      assertThat(server.requests().get(0).body()).hasSize(body.length);
      call.abort();
    }
  }
}
