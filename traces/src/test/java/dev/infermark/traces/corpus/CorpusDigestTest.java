package dev.infermark.traces.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import dev.infermark.traces.prompt.CorpusPrompts;
import dev.infermark.traces.prompt.Segment;
import dev.infermark.traces.prompt.StreamPrompts;
import dev.infermark.traces.synth.SynthOptions;
import dev.infermark.traces.synth.SyntheticTraces;
import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.topology.TopologyOptions;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;

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
      Map.entry("aiperf-fixtures/finite_root_01.json split", "9500e4e0626d0004652ba60f56303a0e7bf2b5004e0f945d31b9d663a40b1da7"),
      Map.entry("aiperf-fixtures/finite_root_01.json whole", "9500e4e0626d0004652ba60f56303a0e7bf2b5004e0f945d31b9d663a40b1da7"),
      Map.entry("aiperf-fixtures/finite_root_02.json split", "287361f1dbcb068c32b2215eaaf18b31e65f331aa2b3438f463678de5db7dd5b"),
      Map.entry("aiperf-fixtures/finite_root_02.json whole", "287361f1dbcb068c32b2215eaaf18b31e65f331aa2b3438f463678de5db7dd5b"),
      Map.entry("aiperf-fixtures/finite_root_03.json split", "2b03c97c5e5cabcad6a6cc241d92ebd4272f1ac24b51b011c30869eacadccaee"),
      Map.entry("aiperf-fixtures/finite_root_03.json whole", "2b03c97c5e5cabcad6a6cc241d92ebd4272f1ac24b51b011c30869eacadccaee"),
      Map.entry("aiperf-fixtures/finite_root_04.json split", "bab2648cf064e210b6386b398644781f7f35463269aaefc0a378883c8d20d975"),
      Map.entry("aiperf-fixtures/finite_root_04.json whole", "bab2648cf064e210b6386b398644781f7f35463269aaefc0a378883c8d20d975"),
      Map.entry("aiperf-fixtures/finite_root_05.json split", "f1e38db72f0cf4bca17528d57cfeb729201544c236f46b1ea6bb49787e33924f"),
      Map.entry("aiperf-fixtures/finite_root_05.json whole", "4b885a6d1904cac9e67cd1f007da4e845eb9e432eca54677ab7dbc21d7a2904f"),
      Map.entry("aiperf-fixtures/graph_multigraph_00_subagent.json split", "88e9a113f8bfc7998eb6a003c23e3d4ed3b3b203a270fc5d053693e72a3abe3c"),
      Map.entry("aiperf-fixtures/graph_multigraph_00_subagent.json whole", "88e9a113f8bfc7998eb6a003c23e3d4ed3b3b203a270fc5d053693e72a3abe3c"),
      Map.entry("aiperf-fixtures/graph_multigraph_01_plain.json split", "e11638f0e617d447dddef014835f79a9bc3cec0b5b9a3f0de97017fbdacf8305"),
      Map.entry("aiperf-fixtures/graph_multigraph_01_plain.json whole", "e11638f0e617d447dddef014835f79a9bc3cec0b5b9a3f0de97017fbdacf8305"),
      Map.entry("aiperf-fixtures/graph_weka_first_token_anchor.json split", "1b4054c526a7a66e9ff921d772df9188f4116dd83cef2d72ff47c1db4dee7701"),
      Map.entry("aiperf-fixtures/graph_weka_first_token_anchor.json whole", "1b4054c526a7a66e9ff921d772df9188f4116dd83cef2d72ff47c1db4dee7701"),
      Map.entry("aiperf-fixtures/graph_weka_start_anchor.json split", "859b429be1134f2463f9f8184ab320700580ab9e7a4b62ed6a98be61de006c69"),
      Map.entry("aiperf-fixtures/graph_weka_start_anchor.json whole", "859b429be1134f2463f9f8184ab320700580ab9e7a4b62ed6a98be61de006c69"),
      Map.entry("aiperf-fixtures/graph_weka_subagent.json split", "7777a4c410a1467496cec0703f4579e4d7de4378c85aef40854ae43f82c6d83b"),
      Map.entry("aiperf-fixtures/graph_weka_subagent.json whole", "7777a4c410a1467496cec0703f4579e4d7de4378c85aef40854ae43f82c6d83b"),
      Map.entry("aiperf-fixtures/weka_subagent_trace_0001.json split", "b33994a6ffe9cbe48723797bdfdec8e05e95aa76d16ffb0ba6588656499fabae"),
      Map.entry("aiperf-fixtures/weka_subagent_trace_0001.json whole", "b33994a6ffe9cbe48723797bdfdec8e05e95aa76d16ffb0ba6588656499fabae"),
      Map.entry("aiperf-fixtures/weka_traces_multi_model.json split", "430f81ee2c7cd9866d08ca4fbdeb6f5a3f159745c2d9e470af30459358be3ca2"),
      Map.entry("aiperf-fixtures/weka_traces_multi_model.json whole", "430f81ee2c7cd9866d08ca4fbdeb6f5a3f159745c2d9e470af30459358be3ca2"),
      Map.entry("aiperf-fixtures/weka_traces_one_subagent.json split", "cce75ebcf157c002718c5a7963b6cf729e8b86846edebb3cea149b4cde4252a6"),
      Map.entry("aiperf-fixtures/weka_traces_one_subagent.json whole", "cce75ebcf157c002718c5a7963b6cf729e8b86846edebb3cea149b4cde4252a6"),
      Map.entry("aiperf-fixtures/weka_traces_terminal_subagent.json split", "33860298e80150c07a8b4ad512ab326b53fb559e9776d720ab30493df80604db"),
      Map.entry("aiperf-fixtures/weka_traces_terminal_subagent.json whole", "33860298e80150c07a8b4ad512ab326b53fb559e9776d720ab30493df80604db"),
      Map.entry("kv-cache-tester/trace_0002.json split", "b9d00ec06d8b960ca9a5dd3f0b92a57cdef5caf07fe3f4681b9a6ea3d9f9e8ab"),
      Map.entry("kv-cache-tester/trace_0002.json whole", "b9d00ec06d8b960ca9a5dd3f0b92a57cdef5caf07fe3f4681b9a6ea3d9f9e8ab"),
      Map.entry("kv-cache-tester/trace_0014.json split", "5e186cf7a0ec0347f99db336634bb850004e4f7154e19d9e9eabac3a306b3530"),
      Map.entry("kv-cache-tester/trace_0014.json whole", "781f48863ca6ba2bcb311b8cb3e30a226afe210bce6909aa03e0d93317c9c6d5"),
      Map.entry("kv-cache-tester/trace_0026.json split", "af947c7c0214a8e375b11748c0b77f39df2c67f62f2ba782be2738335cab52e6"),
      Map.entry("kv-cache-tester/trace_0026.json whole", "af947c7c0214a8e375b11748c0b77f39df2c67f62f2ba782be2738335cab52e6"),
      Map.entry("kv-cache-tester/trace_0187.json split", "604b38d6fc29c65d5f44b568ee3566a9503b38325d04599918ff9ae3a8bca382"),
      Map.entry("kv-cache-tester/trace_0187.json whole", "604b38d6fc29c65d5f44b568ee3566a9503b38325d04599918ff9ae3a8bca382"),
      Map.entry("kv-cache-tester/trace_0274.json split", "c6f04a8aae36df7f982716ec635073b424c25a3bbfe2a1054925f04888c8ec30"),
      Map.entry("kv-cache-tester/trace_0274.json whole", "c6f04a8aae36df7f982716ec635073b424c25a3bbfe2a1054925f04888c8ec30"),
      Map.entry("kv-cache-tester/trace_0277.json split", "600dd1e623a8bdfe639ecbfef8d6feed42980bdef89fb51158a533d2eb48292a"),
      Map.entry("kv-cache-tester/trace_0277.json whole", "600dd1e623a8bdfe639ecbfef8d6feed42980bdef89fb51158a533d2eb48292a"),
      Map.entry("kv-cache-tester/trace_0291.json split", "a869bd56ecef417b49d82cebda40ca38af5353bcef342b88c8e9594c68da1d0e"),
      Map.entry("kv-cache-tester/trace_0291.json whole", "a869bd56ecef417b49d82cebda40ca38af5353bcef342b88c8e9594c68da1d0e"),
      Map.entry("kv-cache-tester/trace_0504.json split", "7fecab87f0d7f8c7b1bf54ab460508bb5cf4ddce9eef45a75d545a03b25f460a"),
      Map.entry("kv-cache-tester/trace_0504.json whole", "7fecab87f0d7f8c7b1bf54ab460508bb5cf4ddce9eef45a75d545a03b25f460a"));

  // SyntheticTraces seed 42: realistic(24) and the first 6 traces of hfCorpusSize(), split on / off.
  private static final Map<String, String> SYNTHETIC = Map.ofEntries(
      Map.entry("hf/synth_0000 split", "5846b58ccf79cd84503e062a1ea90ba3537353973465ffd94f541a1e1d475486"),
      Map.entry("hf/synth_0000 whole", "5846b58ccf79cd84503e062a1ea90ba3537353973465ffd94f541a1e1d475486"),
      Map.entry("hf/synth_0001 split", "82a4905789004a78379e91ed56d2fc9b69ed6ccdb50a26616fea679838b5b37d"),
      Map.entry("hf/synth_0001 whole", "82a4905789004a78379e91ed56d2fc9b69ed6ccdb50a26616fea679838b5b37d"),
      Map.entry("hf/synth_0002 split", "eca414d344af8dfa831b47a7f7414281504b49214c15b9ff139477c038879661"),
      Map.entry("hf/synth_0002 whole", "eca414d344af8dfa831b47a7f7414281504b49214c15b9ff139477c038879661"),
      Map.entry("hf/synth_0003 split", "042fe416a9ce6691c98bd79333adeaf6a9c074f90382d04d7e327ab4fcebd0cd"),
      Map.entry("hf/synth_0003 whole", "042fe416a9ce6691c98bd79333adeaf6a9c074f90382d04d7e327ab4fcebd0cd"),
      Map.entry("hf/synth_0004 split", "fdca80b32b03a872991038a752b99bde46318d229b0bd8ecb199d538da844542"),
      Map.entry("hf/synth_0004 whole", "fdca80b32b03a872991038a752b99bde46318d229b0bd8ecb199d538da844542"),
      Map.entry("hf/synth_0005 split", "b67093b0e9c2d6a1fca04100477ce45ede99a2aa0ec9cbc6b4f76eb371869c58"),
      Map.entry("hf/synth_0005 whole", "b67093b0e9c2d6a1fca04100477ce45ede99a2aa0ec9cbc6b4f76eb371869c58"),
      Map.entry("realistic/synth_0000 split", "0959138902259167650fd5c5c5700380e08c863d89ad6e9cbdc58c800c75580a"),
      Map.entry("realistic/synth_0000 whole", "0959138902259167650fd5c5c5700380e08c863d89ad6e9cbdc58c800c75580a"),
      Map.entry("realistic/synth_0001 split", "fd1c15c39517738c6e5bcfce41285f57512a4861c7e5abd6857c1becb38fb77a"),
      Map.entry("realistic/synth_0001 whole", "fd1c15c39517738c6e5bcfce41285f57512a4861c7e5abd6857c1becb38fb77a"),
      Map.entry("realistic/synth_0002 split", "7295b149c5dac69948e9079e643359d32853f892dbea6a267f94b4819514a32e"),
      Map.entry("realistic/synth_0002 whole", "7295b149c5dac69948e9079e643359d32853f892dbea6a267f94b4819514a32e"),
      Map.entry("realistic/synth_0003 split", "f746a8f1c1a618781aab96c578cc595440eb58166074eb2de9406a277e9d6bcb"),
      Map.entry("realistic/synth_0003 whole", "f746a8f1c1a618781aab96c578cc595440eb58166074eb2de9406a277e9d6bcb"),
      Map.entry("realistic/synth_0004 split", "ef1d1f489f55149840a53ed8489b1f5e9faeb58f35a2f9b365014259869cdc13"),
      Map.entry("realistic/synth_0004 whole", "ef1d1f489f55149840a53ed8489b1f5e9faeb58f35a2f9b365014259869cdc13"),
      Map.entry("realistic/synth_0005 split", "137eeaececbd5ac57ae3eddcfc4dda4e0a86f05cee043f393b2025006bd4a0e4"),
      Map.entry("realistic/synth_0005 whole", "137eeaececbd5ac57ae3eddcfc4dda4e0a86f05cee043f393b2025006bd4a0e4"),
      Map.entry("realistic/synth_0006 split", "5b26853df7c738c4f36333b8c03affcac33875234b32ec9ccc93c2dc13a7f427"),
      Map.entry("realistic/synth_0006 whole", "5b26853df7c738c4f36333b8c03affcac33875234b32ec9ccc93c2dc13a7f427"),
      Map.entry("realistic/synth_0007 split", "52c94c1dd4fa3b2f2a24d9b8bbf771c33ecc4f20f9ac3228e76656ca8ba88def"),
      Map.entry("realistic/synth_0007 whole", "52c94c1dd4fa3b2f2a24d9b8bbf771c33ecc4f20f9ac3228e76656ca8ba88def"),
      Map.entry("realistic/synth_0008 split", "7f09af805a39d5236020032b3d348a60aad19766c3a4e86616258a9b212f0594"),
      Map.entry("realistic/synth_0008 whole", "7f09af805a39d5236020032b3d348a60aad19766c3a4e86616258a9b212f0594"),
      Map.entry("realistic/synth_0009 split", "fe98c536b8ef1815da30678c9684e9094c5f44fe9924446335a232b82521c8bd"),
      Map.entry("realistic/synth_0009 whole", "fe98c536b8ef1815da30678c9684e9094c5f44fe9924446335a232b82521c8bd"),
      Map.entry("realistic/synth_0010 split", "12b6492ae52d641899e8397523ae0ca71d49c2190ba512e1eeb5c8176d76c91d"),
      Map.entry("realistic/synth_0010 whole", "12b6492ae52d641899e8397523ae0ca71d49c2190ba512e1eeb5c8176d76c91d"),
      Map.entry("realistic/synth_0011 split", "e1273efc7b59fa1a6052adc9f67cf610e5075d1a86d079dce629946f4f33f122"),
      Map.entry("realistic/synth_0011 whole", "e1273efc7b59fa1a6052adc9f67cf610e5075d1a86d079dce629946f4f33f122"),
      Map.entry("realistic/synth_0012 split", "ab26889005868bdc2b0d168d8b4d4a6abdc57c3843d4da0c7c99941eb4a6ba39"),
      Map.entry("realistic/synth_0012 whole", "ab26889005868bdc2b0d168d8b4d4a6abdc57c3843d4da0c7c99941eb4a6ba39"),
      Map.entry("realistic/synth_0013 split", "4c5b5335661ccba53d30f27382594ad2625a7b538c8f327cefe5dec318595bf3"),
      Map.entry("realistic/synth_0013 whole", "4c5b5335661ccba53d30f27382594ad2625a7b538c8f327cefe5dec318595bf3"),
      Map.entry("realistic/synth_0014 split", "4f77c95527640ac35e5f5964415e68704b52380cb896c0bcc859ef90175a9ef3"),
      Map.entry("realistic/synth_0014 whole", "4f77c95527640ac35e5f5964415e68704b52380cb896c0bcc859ef90175a9ef3"),
      Map.entry("realistic/synth_0015 split", "6369b277d0df9dd39200e7ce258ea608a1b9cf85bcd98211ea24193ee72480c8"),
      Map.entry("realistic/synth_0015 whole", "6369b277d0df9dd39200e7ce258ea608a1b9cf85bcd98211ea24193ee72480c8"),
      Map.entry("realistic/synth_0016 split", "a554c7cb737ef83d9d4441a651e739904fa6b3c592ac4f319e4354fa30790709"),
      Map.entry("realistic/synth_0016 whole", "a554c7cb737ef83d9d4441a651e739904fa6b3c592ac4f319e4354fa30790709"),
      Map.entry("realistic/synth_0017 split", "5d887b33bdd435e97d498b83bd2303f08458bdea1114851e809b36a949a2972a"),
      Map.entry("realistic/synth_0017 whole", "5d887b33bdd435e97d498b83bd2303f08458bdea1114851e809b36a949a2972a"),
      Map.entry("realistic/synth_0018 split", "a64812f0816119fc40cb3aad4f74fbf18f8982f140f974a7d82ebd95d2ef9d38"),
      Map.entry("realistic/synth_0018 whole", "a64812f0816119fc40cb3aad4f74fbf18f8982f140f974a7d82ebd95d2ef9d38"),
      Map.entry("realistic/synth_0019 split", "0358f922a1fab8d52297b0210e21a644d0b3bd78f7760eac52ba96bc0cafda90"),
      Map.entry("realistic/synth_0019 whole", "0358f922a1fab8d52297b0210e21a644d0b3bd78f7760eac52ba96bc0cafda90"),
      Map.entry("realistic/synth_0020 split", "1b90edddabab53b797c7bf659ef2d85a53e88d3545c96d74990e2fdb17d979e5"),
      Map.entry("realistic/synth_0020 whole", "1b90edddabab53b797c7bf659ef2d85a53e88d3545c96d74990e2fdb17d979e5"),
      Map.entry("realistic/synth_0021 split", "c15be6d7e2240b0c3b5231bd369138efccdaefc9fa62addf609b6dda5af1e145"),
      Map.entry("realistic/synth_0021 whole", "c15be6d7e2240b0c3b5231bd369138efccdaefc9fa62addf609b6dda5af1e145"),
      Map.entry("realistic/synth_0022 split", "e3bca94281e0fa2435bdeffab7b2c046dfef4fc94fc9deb3e6bd84042ba3e043"),
      Map.entry("realistic/synth_0022 whole", "e3bca94281e0fa2435bdeffab7b2c046dfef4fc94fc9deb3e6bd84042ba3e043"),
      Map.entry("realistic/synth_0023 split", "8bab59330ed09c1d1bc3f669c8d8cc8530387b067015dcc6dcf45d400606f3b6"),
      Map.entry("realistic/synth_0023 whole", "8bab59330ed09c1d1bc3f669c8d8cc8530387b067015dcc6dcf45d400606f3b6"));

  @Test
  void sharedTracesComeOutAsPinned() {
    Map<String, String> actual = new LinkedHashMap<>();
    List<WekaTrace> traces = new ArrayList<>();
    Map<String, String> names = new HashMap<>();
    for (var f : TestData.wekaFiles()) {
      WekaTrace t = WekaTraceParser.parseFile(f);
      traces.add(t);
      names.put(t.id(), TestData.weka().relativize(f).toString());
    }
    for (boolean split : new boolean[] {true, false}) {
      digests(traces, split).forEach((id, d) -> actual.put(names.get(id) + (split ? " split" : " whole"), d));
    }
    assertThat(new TreeMap<>(actual)).isEqualTo(new TreeMap<>(SHARED));
  }

  @Test
  void syntheticTracesComeOutAsPinned() {
    Map<String, String> actual = new LinkedHashMap<>();
    List<WekaTrace> realistic = SyntheticTraces.generate(SynthOptions.realistic(24), 42);
    List<WekaTrace> hf = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      hf.add(SyntheticTraces.trace(SynthOptions.hfCorpusSize(), 42, i));
    }
    for (boolean split : new boolean[] {true, false}) {
      String kind = split ? " split" : " whole";
      digests(realistic, split).forEach((id, d) -> actual.put("realistic/" + id + kind, d));
      digests(hf, split).forEach((id, d) -> actual.put("hf/" + id + kind, d));
    }
    assertThat(new TreeMap<>(actual)).isEqualTo(new TreeMap<>(SYNTHETIC));
  }

  /** Per trace id, SHA-256 of a canonical listing of its tree and prompt plans. */
  static Map<String, String> digests(List<WekaTrace> traces, boolean split) {
    Corpus c = CorpusBuilder.build(traces, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), split),
        TestData.words(), 42, null, Json.object(), "test");
    CorpusPrompts prompts = (CorpusPrompts) c.prompts();
    Map<String, String> out = new LinkedHashMap<>();
    for (SessionTree tree : c.trees()) {
      out.put(tree.traceId(), digest(tree, prompts));
    }
    return out;
  }

  // Segments recur in every later turn of their stream: each is listed once, by content, and a
  // turn's plan names them by number, so the listing grows with the segments, not turns squared.
  private static String digest(SessionTree tree, CorpusPrompts prompts) {
    StringBuilder b = new StringBuilder();
    Map<Segment, String> described = new IdentityHashMap<>();
    Map<String, Integer> numbers = new HashMap<>();
    b.append("tree ").append(tree.traceId()).append('\n');
    List<ReplayStream> streams = new ArrayList<>();
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
        b.append("  plan ").append(plan.reset()).append('|').append(plan.deltaFrom());
        for (Segment seg : plan.segments()) {
          String d = described.computeIfAbsent(seg, g -> g.role() + "|" + g.from() + "|" + g.to() + "|" + g.tailStart()
              + "|" + g.tailTokens() + "|" + Arrays.hashCode(Arrays.copyOfRange(g.ids().toArray(), g.from(), g.to())));
          Integer n = numbers.get(d);
          if (n == null) {
            n = numbers.size();
            numbers.put(d, n);
            b.append("\n   segment ").append(n).append(' ').append(d);
          }
          b.append(' ').append(n);
        }
        b.append('\n');
      }
    }
    for (Branch br : tree.branches()) {
      b.append("branch ").append(br.id()).append('|').append(br.parentSessionId()).append('|')
          .append(br.spawnTurnIndex()).append('|').append(br.joinTurnIndex()).append('|').append(br.childSessionIds())
          .append('|').append(br.startMs()).append('\n');
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(b.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
