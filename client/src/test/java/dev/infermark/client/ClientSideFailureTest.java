package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.channels.UnresolvedAddressException;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;

class ClientSideFailureTest {
  @Test
  void localResourceFailuresAreTheClients() {
    // what the JDK HttpClient throws when it cannot open a socket
    assertThat(ClientSideFailure.matches(new InternalError(new IOException("Too many open files")))).isTrue();
    assertThat(ClientSideFailure.matches(new SocketException("Too many open files"))).isTrue();
    assertThat(ClientSideFailure.matches(new IOException("x", new SocketException("Cannot assign requested address")))).isTrue();
    assertThat(ClientSideFailure.error(new InternalError(new IOException("Too many open files"))))
        .satisfies(e -> {
          assertThat(e.kind()).isEqualTo(ErrorKind.CLIENT_SIDE);
          assertThat(e.message()).contains("inside infermark's client").contains("Too many open files");
        });
  }

  @Test
  void serverSideConnectionFailuresAreNot() {
    assertThat(ClientSideFailure.matches(new ConnectException("Connection refused"))).isFalse();
    assertThat(ClientSideFailure.matches(new IOException("Connection reset by peer"))).isFalse();
    assertThat(ClientSideFailure.connectType(new ConnectException("Connection refused"))).isEqualTo("ConnectionRefused");
    ConnectException unresolved = new ConnectException();
    unresolved.initCause(new UnresolvedAddressException());
    assertThat(ClientSideFailure.connectType(unresolved)).isEqualTo("UnknownHost");
    ConnectException refused = new ConnectException();
    refused.initCause(new ConnectException("Connection refused"));
    assertThat(ClientSideFailure.cause(refused)).isEqualTo("Connection refused");
    assertThat(ClientSideFailure.cause(unresolved)).isEqualTo("UnresolvedAddressException");
  }
}
