package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.shard.Shard;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.SessionTree;

/** An {@link AgenticReplay} on a fake clock and a fake dispatcher, with its records and log. */
final class Harness {
  final FakeClock clock = new FakeClock();
  final FakeDispatcher net = new FakeDispatcher(clock);
  final List<RequestRecord> records = new ArrayList<>();
  final List<String> log = new ArrayList<>();
  final AgenticReplay replay;

  Harness(Trees.Cfg cfg, List<SessionTree> trees) {
    this(cfg, trees, Trees.PROMPTS);
  }

  Harness(Trees.Cfg cfg, List<SessionTree> trees, PromptSource prompts) {
    this(cfg, trees, prompts, Shard.WHOLE);
  }

  Harness(Trees.Cfg cfg, List<SessionTree> trees, Shard shard) {
    this(cfg, trees, Trees.PROMPTS, shard);
  }

  Harness(Trees.Cfg cfg, List<SessionTree> trees, PromptSource prompts, Shard shard) {
    replay = new AgenticReplay(cfg.build(), trees, prompts, clock, net, records::add, log::add, shard);
  }

  Harness start() {
    replay.start();
    clock.runDue();
    return this;
  }

  List<RequestRecord> profiling() {
    return records.stream().filter(r -> r.phase() == Phase.PROFILING).toList();
  }

  List<FakeDispatcher.Sent> sent(Phase phase) {
    return net.sent.stream().filter(s -> s.request().phase() == phase).toList();
  }
}
