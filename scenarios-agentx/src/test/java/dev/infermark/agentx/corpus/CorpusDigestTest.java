package dev.infermark.agentx.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.agentx.prompt.CorpusPrompts;
import dev.infermark.agentx.prompt.Segment;
import dev.infermark.agentx.prompt.StreamPrompts;
import dev.infermark.agentx.synth.SynthOptions;
import dev.infermark.agentx.synth.SyntheticTraces;
import dev.infermark.agentx.topology.Branch;
import dev.infermark.agentx.topology.ReplayStream;
import dev.infermark.agentx.topology.ReplayTurn;
import dev.infermark.agentx.topology.SessionTree;
import dev.infermark.agentx.topology.TopologyOptions;
import dev.infermark.agentx.trace.WekaTrace;
import dev.infermark.agentx.trace.WekaTraceParser;
import dev.infermark.json.Json;

/**
 * Pins everything a corpus load produces (streams, turns, branches and the planned prompt segments,
 * with and without chain splitting) for every shared trace and for a sample of synthetic traces, as
 * one SHA-256 per trace. The digests were computed before the chain splitter was optimised (issue
 * 12), so a change of any of them is a change of behaviour, not of speed: when it is intended, update
 * the digest the failure prints and say why in the commit.
 */
class CorpusDigestTest {
  // Shared traces (shared/data/weka), split on / off.
  private static final Map<String, String> SHARED = Map.ofEntries(
      Map.entry("aiperf-fixtures/finite_root_01.json split", "05b0e201b14a3d06075bcd5ca1502be97721fd01542082d05636dea6fcd0cd0e"),
      Map.entry("aiperf-fixtures/finite_root_01.json whole", "05b0e201b14a3d06075bcd5ca1502be97721fd01542082d05636dea6fcd0cd0e"),
      Map.entry("aiperf-fixtures/finite_root_02.json split", "af8043880e872fea7b157ef396adcdd759f60a2f0e77aff61b0ac5b72c6a4498"),
      Map.entry("aiperf-fixtures/finite_root_02.json whole", "af8043880e872fea7b157ef396adcdd759f60a2f0e77aff61b0ac5b72c6a4498"),
      Map.entry("aiperf-fixtures/finite_root_03.json split", "4a6cd54d9ede25d17433eb91a181b4d894e7c7b3eef73fa7d933cd2255c73a87"),
      Map.entry("aiperf-fixtures/finite_root_03.json whole", "4a6cd54d9ede25d17433eb91a181b4d894e7c7b3eef73fa7d933cd2255c73a87"),
      Map.entry("aiperf-fixtures/finite_root_04.json split", "44b5063089324bb5b07a1483e5fcab8955cbdbb9c1d8dcdad3d4396f5dd7d3e5"),
      Map.entry("aiperf-fixtures/finite_root_04.json whole", "44b5063089324bb5b07a1483e5fcab8955cbdbb9c1d8dcdad3d4396f5dd7d3e5"),
      Map.entry("aiperf-fixtures/finite_root_05.json split", "853feef6aaf7a4840c68b4ea65879d205983cc6f5c3612b9e5183a61824b35de"),
      Map.entry("aiperf-fixtures/finite_root_05.json whole", "1907990af1566ed4b0473a8b40748d46646d9b08bcb7da7b04617421c0cb85d3"),
      Map.entry("aiperf-fixtures/graph_multigraph_00_subagent.json split", "6702f74b1161b8b21ce672e0b956271c7f8b2b394bac9f3f55cb7de349c17579"),
      Map.entry("aiperf-fixtures/graph_multigraph_00_subagent.json whole", "6702f74b1161b8b21ce672e0b956271c7f8b2b394bac9f3f55cb7de349c17579"),
      Map.entry("aiperf-fixtures/graph_multigraph_01_plain.json split", "62b71683c30cd66cbd63b9ab78bf9f8cff666c350ce116f06589a22cd2b7602a"),
      Map.entry("aiperf-fixtures/graph_multigraph_01_plain.json whole", "62b71683c30cd66cbd63b9ab78bf9f8cff666c350ce116f06589a22cd2b7602a"),
      Map.entry("aiperf-fixtures/graph_weka_first_token_anchor.json split", "ea8f72d679c5e164653cafa5325cccacdcc10ae520846e207b26a62ff14494e5"),
      Map.entry("aiperf-fixtures/graph_weka_first_token_anchor.json whole", "ea8f72d679c5e164653cafa5325cccacdcc10ae520846e207b26a62ff14494e5"),
      Map.entry("aiperf-fixtures/graph_weka_start_anchor.json split", "d4327f3ec7b4ce7c7f30b1d1e1072b1866f0ed18b4f3516fc487f48d51859515"),
      Map.entry("aiperf-fixtures/graph_weka_start_anchor.json whole", "d4327f3ec7b4ce7c7f30b1d1e1072b1866f0ed18b4f3516fc487f48d51859515"),
      Map.entry("aiperf-fixtures/graph_weka_subagent.json split", "00a040f8fd83efeb1a17e985bea4723169e8381a7ae1b102857b5a1545c84c7f"),
      Map.entry("aiperf-fixtures/graph_weka_subagent.json whole", "00a040f8fd83efeb1a17e985bea4723169e8381a7ae1b102857b5a1545c84c7f"),
      Map.entry("aiperf-fixtures/weka_subagent_trace_0001.json split", "56c8f5f7557f79f075c02d426d9e14cea6f0a6c7b6418fb724bd0d98937f0ae8"),
      Map.entry("aiperf-fixtures/weka_subagent_trace_0001.json whole", "56c8f5f7557f79f075c02d426d9e14cea6f0a6c7b6418fb724bd0d98937f0ae8"),
      Map.entry("aiperf-fixtures/weka_traces_multi_model.json split", "5a4502138775e9b97caa60ace43fbf101a8e610c78ae3274ec56dea8df47cd82"),
      Map.entry("aiperf-fixtures/weka_traces_multi_model.json whole", "5a4502138775e9b97caa60ace43fbf101a8e610c78ae3274ec56dea8df47cd82"),
      Map.entry("aiperf-fixtures/weka_traces_one_subagent.json split", "838b84497be49b56c312019773cbf7261410a1595395b629c554997371da5a99"),
      Map.entry("aiperf-fixtures/weka_traces_one_subagent.json whole", "838b84497be49b56c312019773cbf7261410a1595395b629c554997371da5a99"),
      Map.entry("aiperf-fixtures/weka_traces_terminal_subagent.json split", "cf719829027054f98370b31a6e7dfa67a716c8ebabde3686affc91b241f6b383"),
      Map.entry("aiperf-fixtures/weka_traces_terminal_subagent.json whole", "cf719829027054f98370b31a6e7dfa67a716c8ebabde3686affc91b241f6b383"),
      Map.entry("kv-cache-tester/trace_0002.json split", "2909edc867584fa071b56a2db07993cab7a016224b3341f132f083129409ea73"),
      Map.entry("kv-cache-tester/trace_0002.json whole", "2909edc867584fa071b56a2db07993cab7a016224b3341f132f083129409ea73"),
      Map.entry("kv-cache-tester/trace_0014.json split", "030815ee70f133f3e287033bf877899636b9a28c04234ad8d14c7f94402c71f8"),
      Map.entry("kv-cache-tester/trace_0014.json whole", "89945f6e0d68ecd9da2008161e14ee45b382b9d14ae72a35573de9df4fba09ff"),
      Map.entry("kv-cache-tester/trace_0026.json split", "c293593d06bd9949ec578ba23562b0ef2d7d29a3f11373beb506270b0b74e7fa"),
      Map.entry("kv-cache-tester/trace_0026.json whole", "c293593d06bd9949ec578ba23562b0ef2d7d29a3f11373beb506270b0b74e7fa"),
      Map.entry("kv-cache-tester/trace_0187.json split", "61755bde7fb5d40544b2c176c432f8c9e5269cd1d3c29818877674c3bb728048"),
      Map.entry("kv-cache-tester/trace_0187.json whole", "61755bde7fb5d40544b2c176c432f8c9e5269cd1d3c29818877674c3bb728048"),
      Map.entry("kv-cache-tester/trace_0274.json split", "2e8bb2f0540d1c199ea9196fe42289e015e8c8a933753100290b4b5c446193a8"),
      Map.entry("kv-cache-tester/trace_0274.json whole", "2e8bb2f0540d1c199ea9196fe42289e015e8c8a933753100290b4b5c446193a8"),
      Map.entry("kv-cache-tester/trace_0277.json split", "0d3a405a23bc2c0bec2df3117243e9039f467d453a61168691d2a0cdf9e7e4c6"),
      Map.entry("kv-cache-tester/trace_0277.json whole", "0d3a405a23bc2c0bec2df3117243e9039f467d453a61168691d2a0cdf9e7e4c6"),
      Map.entry("kv-cache-tester/trace_0291.json split", "04fa0aa711d55fbe8745b09bf86bbb542c0077e182ee33bb6ea7dc78efba0b76"),
      Map.entry("kv-cache-tester/trace_0291.json whole", "04fa0aa711d55fbe8745b09bf86bbb542c0077e182ee33bb6ea7dc78efba0b76"),
      Map.entry("kv-cache-tester/trace_0504.json split", "d46afe96051609590e130b7db5d4d791d3560518436ce285e900015da3e514b3"),
      Map.entry("kv-cache-tester/trace_0504.json whole", "d46afe96051609590e130b7db5d4d791d3560518436ce285e900015da3e514b3"));

  // SyntheticTraces seed 42: realistic(24) and the first 6 traces of hfCorpusSize(), split on / off.
  private static final Map<String, String> SYNTHETIC = Map.ofEntries(
      Map.entry("hf/synth_0000 split", "4ede2d5e9cf3eb31772414bd524aaeb87386735423db952e88c4cb7968269de4"),
      Map.entry("hf/synth_0000 whole", "4ede2d5e9cf3eb31772414bd524aaeb87386735423db952e88c4cb7968269de4"),
      Map.entry("hf/synth_0001 split", "9ea924803b961281d45c345d5075fc9b3a8bb76d05aa677513dba4c2458d10ce"),
      Map.entry("hf/synth_0001 whole", "9ea924803b961281d45c345d5075fc9b3a8bb76d05aa677513dba4c2458d10ce"),
      Map.entry("hf/synth_0002 split", "73133f746183d423a2fc8172a3b48ea960daef078abc32340d8b76bdb6d8a1bf"),
      Map.entry("hf/synth_0002 whole", "73133f746183d423a2fc8172a3b48ea960daef078abc32340d8b76bdb6d8a1bf"),
      Map.entry("hf/synth_0003 split", "2721deb8fbb059d09f3594f9bf5479871e07d4443f2d84a0f28b5de9e52e4c3e"),
      Map.entry("hf/synth_0003 whole", "2721deb8fbb059d09f3594f9bf5479871e07d4443f2d84a0f28b5de9e52e4c3e"),
      Map.entry("hf/synth_0004 split", "b1c9efb3721650282e441a3e437152f3c961d3f02207e47aa905cadbcf8c6ae8"),
      Map.entry("hf/synth_0004 whole", "b1c9efb3721650282e441a3e437152f3c961d3f02207e47aa905cadbcf8c6ae8"),
      Map.entry("hf/synth_0005 split", "d787de6e19ea1f6794f58810a046a9aabed911aab0ed982a7631fde13588fdf8"),
      Map.entry("hf/synth_0005 whole", "d787de6e19ea1f6794f58810a046a9aabed911aab0ed982a7631fde13588fdf8"),
      Map.entry("realistic/synth_0000 split", "3f83f51d0ad91cc1135fadef343fae2985d4b501af85bd796ed6847c35d48c5d"),
      Map.entry("realistic/synth_0000 whole", "3f83f51d0ad91cc1135fadef343fae2985d4b501af85bd796ed6847c35d48c5d"),
      Map.entry("realistic/synth_0001 split", "36ae1f29f12d7555ffa00b1c8f85c8b24905c5d2c021fb749ac749d65c70716e"),
      Map.entry("realistic/synth_0001 whole", "36ae1f29f12d7555ffa00b1c8f85c8b24905c5d2c021fb749ac749d65c70716e"),
      Map.entry("realistic/synth_0002 split", "b5cfbe9866e51c727799fe180c96ffa114292f1e29a65b105f3a45bd770237b8"),
      Map.entry("realistic/synth_0002 whole", "b5cfbe9866e51c727799fe180c96ffa114292f1e29a65b105f3a45bd770237b8"),
      Map.entry("realistic/synth_0003 split", "8fabf27231f9ce1f9af84dd6ac576d15b382234c7d5dcae57007384dc9d3b6f7"),
      Map.entry("realistic/synth_0003 whole", "8fabf27231f9ce1f9af84dd6ac576d15b382234c7d5dcae57007384dc9d3b6f7"),
      Map.entry("realistic/synth_0004 split", "7944eace23adbd6faba2cb237da80a06932b05f0a3f2a6be4d4cdd2bb2c028e7"),
      Map.entry("realistic/synth_0004 whole", "7944eace23adbd6faba2cb237da80a06932b05f0a3f2a6be4d4cdd2bb2c028e7"),
      Map.entry("realistic/synth_0005 split", "608e05a86de00be34d4f8d50784d3a794efc134c0bd1ba9ae6cb60f1bc5a7596"),
      Map.entry("realistic/synth_0005 whole", "608e05a86de00be34d4f8d50784d3a794efc134c0bd1ba9ae6cb60f1bc5a7596"),
      Map.entry("realistic/synth_0006 split", "ace87e78c14058471f349d67228085ccc087456ea4047799c83cc4074a02afa2"),
      Map.entry("realistic/synth_0006 whole", "ace87e78c14058471f349d67228085ccc087456ea4047799c83cc4074a02afa2"),
      Map.entry("realistic/synth_0007 split", "4f8e4d50deb67f0a3b563c98f7c53ff459d75c9ef062c90fae44ff0e81185968"),
      Map.entry("realistic/synth_0007 whole", "4f8e4d50deb67f0a3b563c98f7c53ff459d75c9ef062c90fae44ff0e81185968"),
      Map.entry("realistic/synth_0008 split", "e1a19bbe9e0119e7489132008262a7c7db558c674144794cbb4fa75db173ab72"),
      Map.entry("realistic/synth_0008 whole", "e1a19bbe9e0119e7489132008262a7c7db558c674144794cbb4fa75db173ab72"),
      Map.entry("realistic/synth_0009 split", "399e63012c3e1bd5854abec0c89a348f8223e04ea084b6c44cc6b941b61f13a9"),
      Map.entry("realistic/synth_0009 whole", "399e63012c3e1bd5854abec0c89a348f8223e04ea084b6c44cc6b941b61f13a9"),
      Map.entry("realistic/synth_0010 split", "8959047d68b4caa42d2be5047ffbf62152bb56ddd9e2eb7bf743cdf43188e0d8"),
      Map.entry("realistic/synth_0010 whole", "8959047d68b4caa42d2be5047ffbf62152bb56ddd9e2eb7bf743cdf43188e0d8"),
      Map.entry("realistic/synth_0011 split", "f2911619ffd431606314953385bc19887de69a49558671f568d22128c3bcfe80"),
      Map.entry("realistic/synth_0011 whole", "f2911619ffd431606314953385bc19887de69a49558671f568d22128c3bcfe80"),
      Map.entry("realistic/synth_0012 split", "d1dc988b8604151e026f81730a9082b855dcca793d602405f8744c2c87e2f856"),
      Map.entry("realistic/synth_0012 whole", "d1dc988b8604151e026f81730a9082b855dcca793d602405f8744c2c87e2f856"),
      Map.entry("realistic/synth_0013 split", "de461f7258eaa1edc9112f090d450b1bf7bd36802e23df11eab0ad6c75e91882"),
      Map.entry("realistic/synth_0013 whole", "de461f7258eaa1edc9112f090d450b1bf7bd36802e23df11eab0ad6c75e91882"),
      Map.entry("realistic/synth_0014 split", "b545079af41f93f4ac8a3244831fad1970f78cc16cd7afa33e6a50db9402dd62"),
      Map.entry("realistic/synth_0014 whole", "b545079af41f93f4ac8a3244831fad1970f78cc16cd7afa33e6a50db9402dd62"),
      Map.entry("realistic/synth_0015 split", "e10f7f5c8a4ef21f41fc66d92b2e92d095e9adb77263e2fc56187826768e0555"),
      Map.entry("realistic/synth_0015 whole", "e10f7f5c8a4ef21f41fc66d92b2e92d095e9adb77263e2fc56187826768e0555"),
      Map.entry("realistic/synth_0016 split", "7f4ebdfa946a092400a1eee94852e29032f5ad3b8cb2aea3265264d5cb6dfccc"),
      Map.entry("realistic/synth_0016 whole", "7f4ebdfa946a092400a1eee94852e29032f5ad3b8cb2aea3265264d5cb6dfccc"),
      Map.entry("realistic/synth_0017 split", "31eb84bf6b101df3c46c185665bf388fb88b84db3560ab3744463b1340cc44ae"),
      Map.entry("realistic/synth_0017 whole", "31eb84bf6b101df3c46c185665bf388fb88b84db3560ab3744463b1340cc44ae"),
      Map.entry("realistic/synth_0018 split", "66fcda1a1db7c6807852c15d794b67929fa87bfb84e06b10c0de6af3644790a1"),
      Map.entry("realistic/synth_0018 whole", "66fcda1a1db7c6807852c15d794b67929fa87bfb84e06b10c0de6af3644790a1"),
      Map.entry("realistic/synth_0019 split", "13f08ab6b4b7b085b46e5e20ad2193095ed64e2035d26e4b44367d211a4bd5ef"),
      Map.entry("realistic/synth_0019 whole", "13f08ab6b4b7b085b46e5e20ad2193095ed64e2035d26e4b44367d211a4bd5ef"),
      Map.entry("realistic/synth_0020 split", "a45a28a5e6043d2a7d3a93758d02952ec1182830c4aa86271c03938d0eb7546e"),
      Map.entry("realistic/synth_0020 whole", "a45a28a5e6043d2a7d3a93758d02952ec1182830c4aa86271c03938d0eb7546e"),
      Map.entry("realistic/synth_0021 split", "0feb335fef759ce9d265264f847783543f8e2370c4affc54a70322a1c70f3ad5"),
      Map.entry("realistic/synth_0021 whole", "0feb335fef759ce9d265264f847783543f8e2370c4affc54a70322a1c70f3ad5"),
      Map.entry("realistic/synth_0022 split", "895961e341cea360962e48c86cf340244a31f79e660a968ed2ffdd58eef564e4"),
      Map.entry("realistic/synth_0022 whole", "895961e341cea360962e48c86cf340244a31f79e660a968ed2ffdd58eef564e4"),
      Map.entry("realistic/synth_0023 split", "e61a38edba400df84cc45df053690bbb6221a51eab6feda41c69348c3ca81a5c"),
      Map.entry("realistic/synth_0023 whole", "e61a38edba400df84cc45df053690bbb6221a51eab6feda41c69348c3ca81a5c"));

  @Test
  void sharedTracesComeOutAsPinned() {
    Map<String, String> actual = new LinkedHashMap<>();
    for (var f : TestData.wekaFiles()) {
      WekaTrace t = WekaTraceParser.parseFile(f);
      String name = TestData.weka().relativize(f).toString();
      for (boolean split : new boolean[] {true, false}) {
        actual.put(name + (split ? " split" : " whole"), digest(List.of(t), split));
      }
    }
    assertThat(actual).isEqualTo(SHARED);
  }

  @Test
  void syntheticTracesComeOutAsPinned() {
    Map<String, String> actual = new LinkedHashMap<>();
    List<WekaTrace> realistic = SyntheticTraces.generate(SynthOptions.realistic(24), 42);
    List<WekaTrace> hf = SyntheticTraces.generate(SynthOptions.hfCorpusSize(), 42).subList(0, 6);
    for (boolean split : new boolean[] {true, false}) {
      for (WekaTrace t : realistic) {
        actual.put("realistic/" + t.id() + (split ? " split" : " whole"), digest(List.of(t), split));
      }
      for (WekaTrace t : hf) {
        actual.put("hf/" + t.id() + (split ? " split" : " whole"), digest(List.of(t), split));
      }
    }
    assertThat(actual).isEqualTo(SYNTHETIC);
  }

  /** SHA-256 of a canonical listing of the trees and prompt plans built from {@code traces}. */
  static String digest(List<WekaTrace> traces, boolean split) {
    Corpus c = CorpusBuilder.build(traces, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), split),
        TestData.words(), 42, null, Json.object(), "test");
    StringBuilder b = new StringBuilder();
    CorpusPrompts prompts = (CorpusPrompts) c.prompts();
    for (SessionTree tree : c.trees()) {
      b.append("tree ").append(tree.traceId()).append('\n');
      List<ReplayStream> streams = new java.util.ArrayList<>();
      streams.add(tree.root());
      streams.addAll(tree.children());
      for (ReplayStream s : streams) {
        b.append("stream ").append(s.sessionId()).append('|').append(s.root()).append('|').append(s.agentDepth())
            .append('|').append(s.parentSessionId()).append('|').append(s.branchId()).append('\n');
        StreamPrompts p = prompts.stream(s.sessionId());
        for (ReplayTurn x : s.turns()) {
          b.append(" turn ").append(x.index()).append('|').append(x.timestampMs()).append('|').append(x.delayMs())
              .append('|').append(x.maxTokens()).append('|').append(x.model()).append('|').append(x.inputTokens())
              .append('|').append(x.spawnBranchIds()).append('|').append(x.joinBranchId()).append('|')
              .append(x.sourceOuterIndex()).append('|').append(x.sourceInnerIndex()).append('\n');
          StreamPrompts.TurnPlan plan = p.turn(x.index());
          b.append("  plan ").append(plan.reset()).append('|').append(plan.deltaFrom()).append('\n');
          for (Segment seg : plan.segments()) {
            int[] ids = seg.ids().toArray();
            b.append("   ").append(seg.role()).append('|').append(seg.from()).append('|').append(seg.to()).append('|')
                .append(seg.tailStart()).append('|').append(seg.tailTokens()).append('|')
                .append(java.util.Arrays.hashCode(java.util.Arrays.copyOfRange(ids, seg.from(), seg.to()))).append('\n');
          }
        }
      }
      for (Branch br : tree.branches()) {
        b.append("branch ").append(br.id()).append('|').append(br.parentSessionId()).append('|')
            .append(br.spawnTurnIndex()).append('|').append(br.joinTurnIndex()).append('|').append(br.childSessionIds())
            .append('|').append(br.startMs()).append('\n');
      }
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(b.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
