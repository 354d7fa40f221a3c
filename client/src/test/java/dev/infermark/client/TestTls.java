package dev.infermark.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made once per test JVM with the JDK's
 * {@code keytool}: the server side of the loopback TLS tests and the PEM file a client trusts
 * through {@code infermark.tls-ca}.
 */
final class TestTls {
  private static final char[] PASSWORD = "changeit".toCharArray();
  private static TestTls instance;

  final Path caPem;
  final SSLContext serverContext;

  private TestTls(Path caPem, SSLContext serverContext) {
    this.caPem = caPem;
    this.serverContext = serverContext;
  }

  static synchronized TestTls get() throws IOException, GeneralSecurityException, InterruptedException {
    if (instance == null) {
      Path dir = Files.createTempDirectory("infermark-tls");
      dir.toFile().deleteOnExit();
      Path ks = dir.resolve("server.p12");
      Path pem = dir.resolve("ca.pem");
      keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
          "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2", "-keystore", ks.toString(), "-storetype", "PKCS12",
          "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD));
      keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", ks.toString(), "-storepass", new String(PASSWORD),
          "-file", pem.toString());
      KeyStore store = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(ks)) {
        store.load(in, PASSWORD);
      }
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(store, PASSWORD);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(kmf.getKeyManagers(), null, null);
      ks.toFile().deleteOnExit();
      pem.toFile().deleteOnExit();
      instance = new TestTls(pem, ctx);
    }
    return instance;
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("keytool failed: " + out);
    }
  }
}
