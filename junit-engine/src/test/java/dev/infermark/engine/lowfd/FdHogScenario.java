package dev.infermark.engine.lowfd;

import java.io.FileInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestTags;

/**
 * Runs out of file descriptors mid-run: two requests at once (the client's pool keeps two
 * connections), then something else in the process takes every descriptor left, then eight
 * requests at once: those needing a new connection fail inside the client. Only in the child JVM of
 * {@code OpenFilesLimitTest} (it refuses to run elsewhere).
 */
@Scenario(name = "fd-hog", description = "runs out of file descriptors (child JVM only)")
public class FdHogScenario {
  /** Held until the JVM exits. */
  static final List<FileInputStream> HOG = new ArrayList<>();

  @Workload
  SelfPhased load() {
    return ctx -> {
      if (!Boolean.getBoolean(LowFileLimitMain.CHILD)) {
        throw new IllegalStateException("fd-hog runs only in the child JVM of OpenFilesLimitTest");
      }
      sendAtOnce(ctx, 2);
      try {
        while (true) {
          HOG.add(new FileInputStream("/dev/null"));
        }
      } catch (IOException exhausted) {
        System.out.println("HOGGED: " + HOG.size() + " descriptors (" + exhausted.getMessage() + ")");
      }
      sendAtOnce(ctx, 8);
      return RunResult.empty();
    };
  }

  private static void sendAtOnce(RunContext ctx, int n) throws InterruptedException {
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String id = "corr-" + threads.size() + "-" + n;
      threads.add(Thread.ofVirtual().start(() -> ctx.client().send(InferenceRequest.chat(
          RequestTags.of("conv", id, 0), List.of(ChatMessage.user("hi")), 1))));
    }
    for (Thread t : threads) {
      t.join();
    }
  }
}
