package dev.infermark.protocol;

import java.net.http.HttpClient;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The JVM's default TLS context, made when a connection first needs it. Building a JDK
 * {@link HttpClient} makes the default context at once (JSSE and the trust store's certificates,
 * about 0.3 s of CPU in a fresh JVM), and a run builds several (the preflight, the server-metrics
 * scraper, the jdk transport) although most runs talk plain http (docs/benchmarks.md, "Cold runs").
 * Verification is unchanged: the context is the default one, and the client sets host-name
 * verification, SNI and ALPN on each engine as it always does.
 */
public final class LazyTls {
  private LazyTls() {}

  /**
   * {@code b} with a lazily made default context, and empty SSL parameters so that building the
   * client does not ask the context for its defaults (an engine keeps its own defaults for what
   * the parameters leave unset).
   */
  public static HttpClient.Builder defaults(HttpClient.Builder b) {
    return b.sslContext(context()).sslParameters(new SSLParameters());
  }

  /** A context that becomes {@link SSLContext#getDefault()} on first use. */
  static Context context() {
    return new Context(new Spi());
  }

  /** The default context, deferred. */
  public static final class Context extends SSLContext {
    private final Spi spi;

    private Context(Spi spi) {
      super(spi, null, "Default");
      this.spi = spi;
    }

    /** Whether the default context has been asked for (for tests). */
    public boolean made() {
      return spi.real != null;
    }
  }

  private static final class Spi extends SSLContextSpi {
    private volatile SSLContext real;

    private SSLContext real() {
      SSLContext r = real;
      if (r == null) {
        try {
          r = SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
          throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
        real = r;
      }
      return r;
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) throws KeyManagementException {
      throw new KeyManagementException("the default TLS context is initialised by the JVM");
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      return real().getSocketFactory();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      return real().getServerSocketFactory();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      return real().createSSLEngine();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      return real().createSSLEngine(host, port);
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      return real().getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      return real().getClientSessionContext();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
      return real().getDefaultSSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
      return real().getSupportedSSLParameters();
    }
  }
}
