package dev.infermark.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import tools.jackson.databind.JsonNode;

/**
 * Checks, before any load, that the target is a live OpenAI-compatible server serving the run's
 * models: {@code GET /v1/models} (the served ids), then one 1-token request of the run's endpoint
 * type with the run's headers and extra inputs. A dead or wrong endpoint fails within seconds with
 * a {@link PreflightException} naming the URL and the cause, instead of a run of failed requests.
 *
 * <p>A server without {@code /v1/models} (404, 405, 501) is tolerated when the request itself
 * works; the model list is then not checked. A model missing from the list is probed too, with a
 * 1-token request naming it: a server that takes any model name (llama.cpp lists only its alias)
 * answers it, and the run goes on with a warning naming the served ids; it fails when that request fails.
 */
final class Preflight {
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  static final Duration MODELS_TIMEOUT = Duration.ofSeconds(10);
  /** The most the 1-token request may take (a cold server may compile on its first request). */
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
  private static final int MAX_BODY = 256 * 1024;
  private static final Pattern TITLE = Pattern.compile("(?is)<title[^>]*>(.*?)</title>");

  /**
   * What to check.
   *
   * @param base the server ({@code infermark.url})
   * @param endpoint the run's endpoint URL
   * @param endpointType {@code chat} or {@code completions}, for messages
   * @param apiKey sent as the run sends it, or {@code null}; never shown
   * @param models the run's {@code infermark.model} names (empty: not checked)
   * @param body the 1-token request body naming a model ({@code null}: the run's first, as its requests do)
   * @param stream whether the body asks for a stream
   * @param requestTimeout the run's {@code request-timeout} (the request's deadline is the smaller of it and 60 s)
   * @param tls the TLS context trusting {@code infermark.tls-ca}, or null for the JVM's default
   */
  record Target(URI base, URI endpoint, String endpointType, ApiKey apiKey, List<String> models,
      java.util.function.Function<String, byte[]> body, boolean stream, Duration requestTimeout,
      javax.net.ssl.SSLContext tls) {}

  /** {@code GET /v1/models}: the ids listed, or {@code null} when there is no list; the run's models it lacks. */
  private record Served(List<String> ids, List<String> missing) {}

  private record Answer(int status, String contentType, String body, long millis) {}

  /**
   * What the preflight found.
   *
   * @param line one line saying it, for the run's output
   * @param maxModelLen the smallest {@code max_model_len} the model list advertises for the run's
   *     models (every model when none is named), or {@code null} when it advertises none
   */
  record Found(String line, Integer maxModelLen) {}

  private final Target t;
  private Integer maxModelLen;

  private Preflight(Target t) {
    this.t = t;
  }

  /**
   * Runs both checks.
   *
   * @return what was found
   * @throws PreflightException naming the URL and the cause
   */
  static Found run(Target target) {
    Preflight p = new Preflight(target);
    String line = p.check();
    return new Found(line, p.maxModelLen);
  }

  private String check() {
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
        .connectTimeout(CONNECT_TIMEOUT).followRedirects(HttpClient.Redirect.NEVER);
    if (t.tls() != null) {
      builder.sslContext(t.tls());
    }
    HttpClient http = builder.build();
    try {
      URI modelsUri = URI.create(t.base() + "/v1/models");
      Answer models = send(http, executor, HttpRequest.newBuilder(modelsUri).GET(), modelsUri, MODELS_TIMEOUT);
      Served served = servedModels(models, modelsUri);
      // The run's first model (its requests' default), then every other one the list lacks.
      List<String> probes = new ArrayList<>();
      probes.add(null);
      String first = t.models().isEmpty() ? null : t.models().get(0);
      served.missing().stream().filter(m -> !m.equals(first)).forEach(probes::add);
      Answer answer = null;
      for (String model : probes) {
        String named = model == null ? first : model;
        try {
          Answer a = probe(http, executor, model);
          answer = answer == null ? a : answer;
        } catch (PreflightException e) {
          if (named == null || !served.missing().contains(named)) {
            throw e;
          }
          throw fail(notServed(served) + ", and a 1-token request naming '" + named + "' failed too: " + e.reason().replaceAll("\\.$", "")
              + ". Set " + Keys.MODEL + " to " + (served.ids().size() == 1 ? "it" : "one of them"));
        }
      }
      String request = "a 1-token " + t.endpointType() + " request answered in " + answer.millis() + " ms";
      if (served.ids() == null) {
        return t.base() + " has no model list (GET /v1/models answered HTTP " + models.status()
            + "), so the model names were not checked; " + request;
      }
      if (!served.missing().isEmpty()) {
        return "WARNING " + t.base() + " lists " + listed(served.ids()) + " (GET /v1/models), not " + quoted(served.missing())
            + "; 1-token requests naming " + (served.missing().size() == 1 ? "it" : "them") + " were answered, so the server "
            + "takes any model name (as llama.cpp does): going on. The results are labelled " + quoted(served.missing())
            + ", which names what was asked for, not necessarily the model that served it";
      }
      return t.base() + " serves " + listed(served.ids()) + "; " + request;
    } finally {
      http.shutdownNow();
      executor.shutdownNow();
    }
  }

  /** One 1-token request of the run's kind naming {@code model} (null: the run's default), checked. */
  private Answer probe(HttpClient http, ExecutorService executor, String model) {
    Duration deadline = t.requestTimeout().compareTo(REQUEST_TIMEOUT) < 0 ? t.requestTimeout() : REQUEST_TIMEOUT;
    Answer answer = send(http, executor, HttpRequest.newBuilder(t.endpoint())
        .header("Content-Type", "application/json")
        .header("Accept", t.stream() ? "text/event-stream" : "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(t.body().apply(model))), t.endpoint(), deadline);
    checkCompletion(answer);
    return answer;
  }

  private static String notServed(Served s) {
    return (s.missing().size() == 1 ? "model '" + s.missing().get(0) + "' is" : "models " + s.missing() + " are")
        + " not served there; it serves " + listed(s.ids());
  }

  private static String listed(List<String> ids) {
    return ids.isEmpty() ? "no model" : String.join(", ", ids);
  }

  private static String quoted(List<String> names) {
    return names.stream().map(n -> "'" + n + "'").collect(java.util.stream.Collectors.joining(", "));
  }

  /** The served ids ({@code null} when the server has no model list) and the run's models missing among them. */
  private Served servedModels(Answer a, URI uri) {
    if (a.status() == 404 || a.status() == 405 || a.status() == 501) {
      return new Served(null, List.of()); // perhaps a server without the list: the request decides
    }
    if (a.status() != 200) {
      throw refused("GET " + uri, a);
    }
    JsonNode data = json(a) == null ? null : json(a).get("data");
    if (data == null || !data.isArray()) {
      throw fail("this is not an OpenAI-compatible endpoint: GET " + uri + " answered " + describe(a)
          + ", not a JSON model list. Check " + Keys.URL + " (the server's base URL, without the endpoint path)");
    }
    List<String> ids = new ArrayList<>();
    data.forEach(m -> {
      if (m.get("id") != null) {
        ids.add(m.get("id").asString());
        JsonNode len = m.get("max_model_len");
        if (len != null && len.canConvertToInt() && len.asInt() > 0
            && (t.models().isEmpty() || t.models().contains(m.get("id").asString()))) {
          maxModelLen = maxModelLen == null ? len.asInt() : Math.min(maxModelLen, len.asInt());
        }
      }
    });
    return new Served(ids, t.models().stream().filter(m -> !ids.contains(m)).toList());
  }

  private void checkCompletion(Answer a) {
    String what = "a 1-token " + t.endpointType() + " request to " + t.endpoint();
    if (a.status() / 100 != 2) {
      throw refused(what, a);
    }
    String ct = a.contentType();
    boolean ok;
    if (ct.startsWith("text/event-stream")) {
      ok = a.body().contains("data:");
    } else {
      JsonNode n = json(a);
      if (n != null && n.get("error") != null && !n.get("error").isNull()) {
        throw fail(what + " answered HTTP " + a.status() + " with an error: " + abbreviate(String.valueOf(
            ErrorClassifier.errorMessage(n)), 300));
      }
      ok = n != null && n.get("choices") != null;
    }
    if (!ok) {
      throw fail("this is not an OpenAI-compatible endpoint: " + what + " answered " + describe(a) + ". Check " + Keys.URL
          + ", " + Keys.ENDPOINT_TYPE + " and " + Keys.CUSTOM_ENDPOINT);
    }
  }

  /** An HTTP error status as a cause. */
  private PreflightException refused(String what, Answer a) {
    String said = serverMessage(a);
    if (a.status() == 401 || a.status() == 403) {
      return fail("the server refused the credentials (" + what + " answered HTTP " + a.status() + said + "): "
          + (t.apiKey() == null ? "no API key was sent; set " + Keys.API_KEY_FILE + ", " + Keys.API_KEY + " or OPENAI_API_KEY"
              : "the API key sent (" + Keys.API_KEY_FILE + ", " + Keys.API_KEY + " or OPENAI_API_KEY) was refused"));
    }
    if (a.status() == 404 || a.status() == 405 || a.status() == 501) {
      if (!said.isEmpty()) { // an OpenAI-style error, e.g. vLLM's 404 for an unknown model
        return fail(what + " answered HTTP " + a.status() + " " + ResponseBody.reasonPhrase(a.status()) + said);
      }
      return fail("this is not an OpenAI-compatible endpoint: " + what + " answered " + describe(a) + "; check "
          + Keys.URL + ", " + Keys.ENDPOINT_TYPE + " and " + Keys.CUSTOM_ENDPOINT);
    }
    return fail(what + " answered HTTP " + a.status() + said
        + (a.status() >= 500 ? " (is the server still starting?)" : ""));
  }

  private Answer send(HttpClient http, ExecutorService executor, HttpRequest.Builder b, URI uri, Duration timeout) {
    if (t.apiKey() != null) {
      b.header("Authorization", "Bearer " + t.apiKey().value());
    }
    long start = System.nanoTime();
    CompletableFuture<HttpResponse<InputStream>> f = http.sendAsync(b.timeout(timeout).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    try {
      HttpResponse<InputStream> r = f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      long left = timeout.toNanos() - (System.nanoTime() - start);
      CompletableFuture<byte[]> body = CompletableFuture.supplyAsync(() -> {
        try (InputStream in = r.body()) {
          return in.readNBytes(MAX_BODY);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, executor);
      byte[] bytes;
      try {
        bytes = body.get(Math.max(1, left), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        r.body().close();
        throw fail(uri + " sent its headers but did not finish its response within " + timeout.toSeconds() + " s");
      }
      return new Answer(r.statusCode(), r.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT),
          redact(new String(bytes, StandardCharsets.UTF_8)), (System.nanoTime() - start) / 1_000_000);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw fail("no response from " + uri + " within " + timeout.toSeconds() + " s");
    } catch (ExecutionException e) {
      throw unreachable(uri, e.getCause() instanceof java.io.UncheckedIOException u ? u.getCause() : e.getCause(), timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw fail("interrupted while checking " + uri);
    } catch (IOException e) {
      throw unreachable(uri, e, timeout);
    }
  }

  /** A failure to exchange anything as a cause. */
  private PreflightException unreachable(URI uri, Throwable e, Duration timeout) {
    String hostPort = uri.getHost() + ":" + (uri.getPort() < 0 ? ("https".equals(uri.getScheme()) ? 443 : 80) : uri.getPort());
    if (ClientSideFailure.matches(e)) {
      return fail("infermark's client cannot open a connection to " + hostPort + " (" + e + ")");
    }
    if (e instanceof HttpConnectTimeoutException) {
      return fail("no connection to " + hostPort + " within " + CONNECT_TIMEOUT.toSeconds()
          + " s (a wrong host, or a firewall dropping the packets?)");
    }
    if (e instanceof HttpTimeoutException) {
      return fail("no response from " + uri + " within " + timeout.toSeconds() + " s");
    }
    if (e instanceof ConnectException) {
      String type = ClientSideFailure.connectType(e);
      return fail(switch (type) {
        case "UnknownHost" -> "cannot resolve host " + uri.getHost();
        case "NoRouteToHost" -> "no route to " + hostPort;
        default -> "nothing is listening at " + hostPort + " (connection refused): is the server running, and is "
            + Keys.URL + " right?";
      });
    }
    return fail("the connection to " + hostPort + " broke during " + uri.getPath() + " (" + e
        + "); is it an HTTP server" + ("http".equals(uri.getScheme()) ? " (not https)" : "") + "?");
  }

  private PreflightException fail(String cause) {
    String c = redact(cause);
    return new PreflightException("the target " + t.base() + " cannot be benchmarked: " + c
        + (c.endsWith("?") || c.endsWith(".") ? "" : ".") + " (Checked before any load; " + Keys.PREFLIGHT
        + "=false skips the check.)", c);
  }

  private static JsonNode json(Answer a) {
    String b = a.body().trim();
    if (!b.startsWith("{")) {
      return null;
    }
    try {
      return Json.parse(b);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String describe(Answer a) {
    String ct = a.contentType().isEmpty() ? "no content type" : a.contentType().split(";")[0].trim();
    Matcher m = TITLE.matcher(a.body());
    String what = m.find() ? "\"" + abbreviate(m.group(1).strip(), 120) + "\""
        : a.body().isBlank() ? "an empty body" : "\"" + abbreviate(a.body().strip(), 120) + "\"";
    return "HTTP " + a.status() + " " + ResponseBody.reasonPhrase(a.status()) + " (" + ct + ": " + what + ")";
  }

  private static String serverMessage(Answer a) {
    JsonNode n = json(a);
    String m = n == null ? null : ErrorClassifier.errorMessage(n);
    return m == null || m.isBlank() ? "" : ": " + abbreviate(m.strip(), 300);
  }

  private String redact(String s) {
    return t.apiKey() == null ? s : t.apiKey().redact(s);
  }

  private static String abbreviate(String s, int max) {
    String one = s.replaceAll("\\s+", " ");
    return one.length() <= max ? one : one.substring(0, max) + "...";
  }
}
