package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import dev.infermark.accuracy.random.PyRandom;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * GPQA Diamond with the simple-evals template; the choices are shuffled deterministically by
 * {@code Random(sha256(question) mod 2^32)} instead of the reference's unseeded {@code randint}.
 */
public record GpqaDiamond() implements Benchmark {
  static final String REPO = "Idavidrein/gpqa";
  static final String REVISION = "633f5ee89ab8ad4522a9f850766b73f62147ffdd";
  private static final String TEMPLATE = "Answer the following multiple choice question. The last line of your response "
      + "should be of the following format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step "
      + "by step before answering.\n\n";

  @Override
  public String name() {
    return "gpqa_diamond";
  }

  @Override
  public String defaultGrader() {
    return "lighteval_gpqa";
  }

  /** The shuffle seed: the SHA-256 of the question read as an integer, mod 2^32 (the last 4 bytes). */
  public static long seed(String question) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(question.getBytes(StandardCharsets.UTF_8));
      return new BigInteger(1, d).mod(BigInteger.ONE.shiftLeft(32)).longValue();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code order}: {@code choices[i] = raw[order[i]]} where raw = [correct, incorrect 1..3]. */
  public static List<Integer> order(String question) {
    List<Integer> order = new ArrayList<>(List.of(0, 1, 2, 3));
    new PyRandom(seed(question)).shuffle(order);
    return order;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    List<Problem> out = new ArrayList<>();
    for (JsonNode r : data.rows(DatasetTable.of(REPO, REVISION, "gpqa_diamond", "train", "gpqa_diamond/train.jsonl",
        "gpqa_diamond/gpqa_diamond.csv"))) {
      String q = Benchmark.text(r, "Question");
      String[] raw = {Benchmark.text(r, "Correct Answer"), Benchmark.text(r, "Incorrect Answer 1"),
          Benchmark.text(r, "Incorrect Answer 2"), Benchmark.text(r, "Incorrect Answer 3")};
      List<Integer> order = order(q);
      StringBuilder p = new StringBuilder(TEMPLATE).append(q).append("\n");
      for (int i = 0; i < 4; i++) {
        p.append('\n').append("ABCD".charAt(i)).append(") ").append(raw[order.get(i)]);
      }
      String gold = String.valueOf("ABCD".charAt(order.indexOf(0)));
      out.add(new Problem(p.toString(), null, gold, "gpqa_diamond",
          Map.of("domain", Benchmark.text(r, "High-level domain"), "subdomain", Benchmark.text(r, "Subdomain")), 32768));
    }
    return out;
  }
}
