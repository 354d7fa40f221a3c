package dev.infermark.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import dev.infermark.settings.Keys;

/**
 * Which servers a TLS connection trusts, the same for every transport: the JVM's default trust
 * store, or exactly the certificates of the PEM file named by {@code infermark.tls-ca} (as curl's
 * {@code --cacert}). Host names are always verified.
 */
final class TlsTrust {
  private TlsTrust() {}

  /** The trust managers for {@code caFile}, or {@code null} (the JVM's defaults) when it is unset. */
  static TrustManagerFactory trustManagers(String caFile) {
    if (caFile == null || caFile.isBlank()) {
      return null;
    }
    Path p = Path.of(caFile.trim());
    try (InputStream in = Files.newInputStream(p)) {
      Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certs.isEmpty()) {
        throw new IllegalArgumentException(Keys.TLS_CA + ": no certificate in " + p.toAbsolutePath());
      }
      KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
      ks.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        ks.setCertificateEntry("ca-" + i++, c);
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      return tmf;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(Keys.TLS_CA + ": cannot read PEM certificates from " + p.toAbsolutePath() + ": "
          + e.getMessage(), e);
    }
  }

  /** An SSLContext trusting {@code tmf} ({@code null}: the JVM's default context). */
  static SSLContext context(TrustManagerFactory tmf) {
    try {
      if (tmf == null) {
        return SSLContext.getDefault();
      }
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
    }
  }
}
