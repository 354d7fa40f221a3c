package dev.infermark.traces.synth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.Json;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusBuilder;
import dev.infermark.traces.corpus.CorpusLoader;
import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.topology.TopologyOptions;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;
import dev.infermark.traces.weka.WekaTraceWriter;

class SyntheticTracesTest {
  @TempDir
  Path tmp;

  @Test
  void isDeterministicForASeed() {
    SynthOptions o = SynthOptions.realistic(5);
    assertThat(SyntheticTraces.generate(o, 1)).isEqualTo(SyntheticTraces.generate(o, 1));
    assertThat(SyntheticTraces.generate(o, 1)).isNotEqualTo(SyntheticTraces.generate(o, 2));
  }

  @Test
  void outputPassesTheStrictParserUnchanged() {
    for (WekaTrace t : SyntheticTraces.generate(SynthOptions.realistic(12), 3)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      WekaTraceWriter.write(t, out);
      WekaTrace back = WekaTraceParser.parse(t.id(), out.toString(StandardCharsets.UTF_8));
      assertThat(back).isEqualTo(t);
    }
  }

  @Test
  void writtenDirectoryLoadsAsALocalCorpus() {
    List<Path> files = SyntheticTraces.writeDirectory(tmp, 4, 9);
    assertThat(files).hasSize(4);
    assertThat(CorpusLoader.readLocal(tmp)).hasSize(4);
  }

  @Test
  void statisticsFollowTheRealCorpus() {
    List<WekaTrace> traces = SyntheticTraces.generate(SynthOptions.realistic(300), 11);
    double[] turns = traces.stream().mapToDouble(t -> t.parentRequests().size()).toArray();
    List<Double> firstIn = new ArrayList<>();
    List<Double> outs = new ArrayList<>();
    List<Double> thinks = new ArrayList<>();
    long pairs = 0;
    long partial = 0;
    for (WekaTrace t : traces) {
      List<WekaRequest> r = t.parentRequests();
      firstIn.add((double) r.getFirst().in());
      for (int i = 0; i < r.size(); i++) {
        WekaRequest x = r.get(i);
        outs.add((double) x.out());
        assertThat(x.hashIds().size()).isEqualTo(x.in() / 64);
        if (i > 0) {
          thinks.add(x.thinkTime());
          pairs++;
          if (r.get(i - 1).hashIds().commonPrefix(x.hashIds()) < r.get(i - 1).hashIds().size()) {
            partial++;
          }
          assertThat(x.t()).isGreaterThan(r.get(i - 1).t());
        }
      }
    }
    // medians within generous bands around the real corpus (turns 48, first input 24,775,
    // output 218, think 10 s); pull-backs a few percent of consecutive pairs (real: 6.6 %)
    assertThat(median(turns)).isBetween(30.0, 75.0);
    assertThat(median(firstIn)).isBetween(18_000.0, 33_000.0);
    assertThat(median(outs)).isBetween(150.0, 320.0);
    assertThat(median(thinks)).isBetween(6.0, 16.0);
    assertThat((double) partial / pairs).isBetween(0.03, 0.15);
    long withSubagents = traces.stream().filter(t -> !t.subagents().isEmpty()).count();
    assertThat(withSubagents).isBetween(20L, 150L);
  }

  @Test
  void reconstructsWithExactTokenCounts() {
    List<WekaTrace> traces = SyntheticTraces.generate(SynthOptions.realistic(6), 5);
    var tok = TestData.words();
    Corpus c = CorpusBuilder.build(traces, TopologyOptions.defaults(), tok, 5, null, Json.object(), "synthetic");
    for (SessionTree tree : c.trees()) {
      List<ReplayStream> streams = new ArrayList<>(tree.children());
      streams.add(tree.root());
      for (ReplayStream s : streams) {
        for (int k = 0; k < s.turns().size(); k += 5) {
          StringBuilder b = new StringBuilder();
          for (ChatMessage m : c.prompts().messages(s, k)) {
            b.append(m.content());
          }
          assertThat(tok.count(b.toString())).isEqualTo(s.turns().get(k).inputTokens());
        }
      }
    }
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double median(List<Double> v) {
    return median(v.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
