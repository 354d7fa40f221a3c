package dev.infermark.traces.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;

class PrefixCacheHitsTest {
  @Test
  void countsLeadingSeenBlocksInTimeOrder() {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/weka_traces_one_subagent.json"));
    List<PrefixCacheHits.Hit> hits = PrefixCacheHits.of(t);
    // t=0 parent [1,2,3]: cold; t=2 sub-agent [10,11]: cold; t=6 parent [1..5]: 3 blocks seen
    assertThat(hits).extracting(PrefixCacheHits.Hit::hitBlocks).containsExactly(0, 0, 3);
    assertThat(hits.get(2).ratio()).isEqualTo(3 * 64 / 400.0);
    assertThat(hits).extracting(PrefixCacheHits.Hit::innerIndex).containsExactly(-1, 0, -1);
    assertThat(hits).extracting(PrefixCacheHits.Hit::totalBlocks).containsExactly(3, 2, 5);
  }

  @Test
  void theTableFindsEachRequestByItsPlaceInTheTrace() {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/weka_traces_one_subagent.json"));
    PrefixCacheHits.Table table = PrefixCacheHits.Table.of(List.of(t));
    // the fixture's entries: parent, sub-agent (one request), parent
    assertThat(table.lookup(t.id(), 0, -1)).containsExactly(0, 3);
    assertThat(table.lookup(t.id(), 1, 0)).containsExactly(0, 2);
    assertThat(table.lookup(t.id(), 2, -1)).containsExactly(3, 5);
    assertThat(table.lookup(t.id(), 1, -1)).isNull(); // the sub-agent entry itself is no request
    assertThat(table.lookup(t.id(), 3, -1)).isNull();
    assertThat(table.lookup(t.id(), 1, 1)).isNull();
    assertThat(table.lookup("other", 0, -1)).isNull();
    assertThat(PrefixCacheHits.Table.EMPTY.lookup(t.id(), 0, -1)).isNull();
  }

  @Test
  void realTracesReuseMostOfTheirContext() {
    // the kv-cache-tester README reports a conversation cache hit median of 96 %
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0002.json"));
    assertThat(PrefixCacheHits.overall(t)).isBetween(0.8, 1.0);
    WekaTrace t0504 = WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0504.json"));
    assertThat(PrefixCacheHits.of(t0504)).extracting(PrefixCacheHits.Hit::hitBlocks).containsExactly(0, 173, 170);
  }
}
