package dev.infermark.agentperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;

class AssignmentTest {
  @Test
  void anAgentsTrajectoriesDependOnlyOnSeedPoolAndAgent() {
    Assignment a = new Assignment(42, 500, 10);
    Assignment b = new Assignment(42, 500, 10);
    for (int agent = 0; agent < 64; agent++) {
      for (int k = 0; k < 5; k++) {
        assertThat(b.trajectory(agent, k)).isEqualTo(a.trajectory(agent, k));
      }
      assertThat(b.startTurn(agent)).isEqualTo(a.startTurn(agent)).isBetween(0, 10);
    }
    assertThat(new Assignment(43, 500, 10).trajectory(0, 0)).isNotEqualTo(a.trajectory(0, 0));
  }

  @Test
  void agentsSpreadOverThePool() {
    Assignment a = new Assignment(1, 100, 0);
    Set<Integer> firsts = new HashSet<>();
    for (int agent = 0; agent < 100; agent++) {
      firsts.add(a.trajectory(agent, 0));
      assertThat(a.startTurn(agent)).isZero();
    }
    // Golden-ratio starts: 100 agents on a pool of 100 begin on at least 80 different trajectories...
    assertThat(firsts.size()).isGreaterThanOrEqualTo(80);
    // ...and on a pool of 500 (the tuning subset's size) on 100 different ones.
    Assignment big = new Assignment(1, 500, 0);
    Set<Integer> bigFirsts = new HashSet<>();
    for (int agent = 0; agent < 100; agent++) {
      bigFirsts.add(big.trajectory(agent, 0));
    }
    assertThat(bigFirsts).hasSize(100);
    // One agent walks the whole pool before repeating.
    Set<Integer> walk = new HashSet<>();
    for (int k = 0; k < 100; k++) {
      walk.add(a.trajectory(7, k));
    }
    assertThat(walk).hasSize(100);
  }

  @Test
  void phasePrefixesAreFreshPerPhaseAndStablePerSeed() {
    PhasePrefix p1 = PhasePrefix.of(42, 1);
    PhasePrefix p2 = PhasePrefix.of(42, 2);
    assertThat(p1.text()).isNotEqualTo(p2.text());
    assertThat(PhasePrefix.of(42, 1)).isEqualTo(p1);
    assertThat(PhasePrefix.of(43, 1).text()).isNotEqualTo(p1.text());
    assertThat(p1.text()).matches("(\\d ){31}\\d\nPerformance replay cache namespace\\. Ignore the digits above\\.\n\n");
    ChatMessage m = p1.apply(ChatMessage.system("You are a coder."));
    assertThat(m.role()).isEqualTo("system");
    assertThat(m.content().toString()).isEqualTo(p1.text() + "You are a coder.");
  }
}
