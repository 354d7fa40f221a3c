package dev.infermark.accuracy.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.Fixtures;
import dev.infermark.accuracy.SharedData;
import dev.infermark.accuracy.data.LocalDataSource;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Prompts byte for byte as the reference builds them (spec §2). */
class PromptsTest {
  @TempDir static Path dir;
  static LocalDataSource data;

  @BeforeAll
  static void fixtures() throws Exception {
    data = new LocalDataSource(Fixtures.writeAll(dir));
  }

  static JsonNode row(String json) {
    return Json.parse(json);
  }

  @Test
  void mmluFlatAndChatForms() {
    JsonNode shot = row("{\"question\":\"s?\",\"choices\":[\"a\",\"b\",\"c\",\"d\"],\"answer\":1}");
    JsonNode main = row("{\"question\":\"m?\",\"choices\":[\"w\",\"x\",\"y\",\"z\"],\"answer\":\"D\"}");
    Problem p = Mmlu.problem("high_school_biology", main, List.of(shot), false);
    String instr = "The following are multiple choice questions (with answers) about high school biology.\n\n";
    assertThat(p.prompt()).isEqualTo(instr + "Question: s?\nA. a\nB. b\nC. c\nD. d\nAnswer: B\n\n"
        + "Question: m?\nA. w\nB. x\nC. y\nD. z\nAnswer:");
    assertThat(p.messages()).containsExactly(ChatMessage.user(instr + "Question: s?\nA. a\nB. b\nC. c\nD. d\nAnswer:"),
        ChatMessage.assistant(" B"), ChatMessage.user("Question: m?\nA. w\nB. x\nC. y\nD. z\nAnswer:"));
    assertThat(p.groundTruth()).isEqualTo(" D");
    assertThat(p.generationSize()).isEqualTo(5);
    Problem zero = Mmlu.problem("anatomy", main, List.of(), true);
    assertThat(zero.messages()).hasSize(1);
    assertThat(zero.prompt()).startsWith("The following are multiple choice questions (with answers) about anatomy. Think step "
        + "by step and then output the answer in the format of \"The answer is (X)\" at the end.\n\nQuestion: m?")
        .endsWith("D. z\nLet's think step by step.\nAnswer:");
    assertThat(zero.generationSize()).isEqualTo(4000);
  }

  @Test
  void mmluProCotAndPlain() throws Exception {
    List<Problem> cot = new MmluPro().load(data, new BenchmarkOptions(List.of("math"), 1, true));
    assertThat(cot).hasSize(4);
    assertThat(cot.get(0).prompt()).isEqualTo("The following are multiple choice questions (with answers) about math. Think "
        + "step by step and then output the answer in the format of \"The answer is (X)\" at the end.\n\n"
        + "Question: math shot 0\nOptions: A. p\nB. q\nAnswer: Let's think step by step. Because. The answer is (B).\n\n"
        + "Question: pro q0\nOptions: A. o0\nB. o1\nC. o2\nD. o3\nE. o4\nAnswer: Let's think step by step.\n\n");
    List<Problem> plain = new MmluPro().load(data, new BenchmarkOptions(List.of("law"), 1, false));
    assertThat(plain.get(0).prompt()).isEqualTo("The following are multiple choice questions (with answers) about law.\n\n"
        + "Question: law shot 0\nOptions: A. p\nB. q\nAnswer: B\n\n"
        + "Question: pro q1\nOptions: A. o0\nB. o1\nC. o2\nD. o3\nE. o4\nAnswer: \n\n");
  }

  @Test
  void aimeShotsAndCot() throws Exception {
    List<Problem> p = new Aime().load(data, new BenchmarkOptions(List.of(), 1, true));
    assertThat(p).hasSize(10);
    assertThat(p.get(3).prompt()).isEqualTo("The following are problems from the American Invitational Mathematics "
        + "Examination (AIME) 2024. AIME is a prestigious high school mathematics competition known for its challenging "
        + "mathematical problems.\n\n**Problem**: Find N0.\n**Solution**: Work 0\n**Answer**: 100\n\n"
        + "**Problem**: Find N3.\n**Answer**: \n\nLet's think step by step.");
    List<Problem> zero = new Aime().load(data, new BenchmarkOptions(List.of(), 0, false));
    assertThat(zero.get(0).prompt()).isEqualTo("**Problem**: Find N0.\n**Answer**: \n\nNo explanation needed. Just return a number.");
    assertThat(zero.get(0).groundTruth()).isEqualTo("100");
  }

  @Test
  void hellaswagUsesOneShotPerLabelAndTheEnumOrder() throws Exception {
    List<Problem> p = new HellaSwag().load(data, new BenchmarkOptions(List.of("disc dog", "APPLYING_SUNSCREEN"), 1, false));
    assertThat(p).extracting(Problem::task).containsExactly("Disc dog", "Disc dog", "Disc dog", "Applying sunscreen",
        "Applying sunscreen", "Applying sunscreen");
    assertThat(p.get(0).prompt()).isEqualTo("The following are multiple choice questions (with answers) are sentence "
        + "completion problems about Disc dog.\n\nApplying sunscreen ctx 0\nA. e0\nB. e1\nC. e2\nD. e3\nAnswer: A\n\n"
        + "Disc dog val 0\nA. f0\nB. f1\nC. f2\nD. f3\nAnswer:\n\nOutput 'A', 'B', 'C', or 'D'. Full answer not needed.");
    assertThat(p.get(0).groundTruth()).isEqualTo("B");
  }

  @Test
  void bigbenchCutsThePromptFileToTheShotCount() throws Exception {
    List<Problem> p = new BigBench().load(data, new BenchmarkOptions(List.of("NAVIGATE"), 2, true));
    assertThat(p.get(0).prompt()).isEqualTo("Task description: Evaluate navigate.\n\nQ: e1\nA: s1\n\nQ: e2\nA: s2\n\n"
        + "Q: Go left. Return?\nA: \n\nOutput 'Yes' or 'No'. Full answer not needed.");
    assertThat(p.get(0).generationSize()).isEqualTo(1024);
  }

  @Test
  void gpqaTemplateWithSeededShuffle() throws Exception {
    Problem p = new GpqaDiamond().load(data, new BenchmarkOptions(List.of(), 0, false)).get(0);
    List<Integer> order = GpqaDiamond.order("GPQA question 0?");
    String[] raw = {"right0", "w1", "w2", "w3"};
    assertThat(p.prompt()).isEqualTo("Answer the following multiple choice question. The last line of your response should "
        + "be of the following format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step "
        + "before answering.\n\nGPQA question 0?\n\nA) " + raw[order.get(0)] + "\nB) " + raw[order.get(1)] + "\nC) "
        + raw[order.get(2)] + "\nD) " + raw[order.get(3)]);
    assertThat(p.groundTruth()).isEqualTo(String.valueOf("ABCD".charAt(order.indexOf(0))));
  }

  @Test
  void lcbPromptAndReleaseFiles() throws Exception {
    assertThat(LcbCodegen.files("v4_v5")).containsExactly("test4.jsonl", "test5.jsonl");
    assertThat(LcbCodegen.files("release_v3")).containsExactly("test.jsonl", "test2.jsonl", "test3.jsonl");
    assertThat(LcbCodegen.files("release_latest")).hasSize(6);
    Problem p = new LcbCodegen("v4").load(data, new BenchmarkOptions(List.of(), 0, false)).get(0);
    assertThat(p.prompt()).isEqualTo("You will be given a question (problem specification) and will generate a correct Python "
        + "program that matches the specification and passes all tests.\n\nQuestion: Add two ints.\n\nRead the inputs from "
        + "stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). Enclose your "
        + "code within delimiters as follows. Ensure that when the python program runs, it reads the inputs, runs the "
        + "algorithm and writes output to STDOUT.\n```python\n# YOUR CODE HERE\n```\n\n");
    assertThat(p.metadata()).containsEntry("difficulty", "easy");
  }

  @Test
  void realMmluAndGsm8kDataLoadInReferenceOrder() throws Exception {
    LocalDataSource shared = new LocalDataSource(SharedData.accuracy());
    List<Problem> mmlu = new Mmlu().load(shared, new BenchmarkOptions(List.of("abstract_algebra", "anatomy"), 5, false));
    assertThat(mmlu).hasSize(100 + 135);
    assertThat(mmlu.get(0).task()).isEqualTo("abstract_algebra");
    assertThat(mmlu.get(0).messages()).hasSize(11);
    assertThat(mmlu.get(0).prompt().split("\n\nQuestion: ", -1)).hasSize(7); // instruction, 5 shots, the question
    List<Problem> gsm = new Gsm8k().load(shared, new BenchmarkOptions(List.of(), 0, false));
    assertThat(gsm).hasSize(1319);
    assertThat(gsm.get(0).prompt()).startsWith("Question: Janet\u2019s ducks lay 16 eggs per day.").endsWith("\nAnswer:");
    assertThat(gsm.get(0).groundTruth()).endsWith("#### 18");
    List<Problem> math = new Math500().load(shared, new BenchmarkOptions(List.of(), 0, false));
    assertThat(math).hasSize(500);
    assertThat(math.get(0).task()).isEqualTo("Precalculus");
  }
}
