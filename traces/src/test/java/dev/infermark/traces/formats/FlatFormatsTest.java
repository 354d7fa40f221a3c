package dev.infermark.traces.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.workload.Turn;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceConversations;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.topology.ReplayStream;

/**
 * BurstGPT rows, request bodies and conversation files into the replay model, and a dataset's sessions as the API's
 * conversation turns (what the chat scenario plays).
 */
class FlatFormatsTest {
  @TempDir
  Path dir;

  private Corpus load(String name, String text, Map<String, String> more) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    Map<String, String> s = new HashMap<>(more);
    s.put("input-file", f.toString());
    return TraceFormats.load(Settings.of(s), null, WordTokenizer.instance(), 3);
  }

  private static ReplayStream stream(Corpus c, int i) {
    return c.trees().get(i).root();
  }

  @Test
  void burstGptRowsAreRequestsOfTheirLengthsAtTheirSeconds() throws IOException {
    Corpus c = load("burst.csv", """
        Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
        5,ChatGPT,472,18,490,Conversation log
        45.5,GPT-4,1087,0,1087,API log
        """, Map.of());
    assertThat(c.loader()).isEqualTo("burst_gpt_trace");
    assertThat(stream(c, 0).turns().getFirst().timestampMs()).isEqualTo(5000.0);
    assertThat(stream(c, 1).turns().getFirst().timestampMs()).isEqualTo(45500.0);
    assertThat(stream(c, 1).turns().getFirst().maxTokens()).as("a failed recording asks for 1").isEqualTo(1);
    assertThat(WordTokenizer.instance().count(c.prompts().messages(stream(c, 0), 0).getFirst().content().toString()))
        .isEqualTo(472);
    assertThat(c.prefixCache().lookup(c.trees().get(0).traceId(), 0, -1)).as("no ids: nothing to hit").containsExactly(0, 0);
    assertThatThrownBy(() -> load("bad.csv", "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
        + "1,ChatGPT,many,3,3,API log\n", Map.of("custom-dataset-type", "burstgpt")))
        .hasMessageContaining("bad.csv line 2: Request tokens: must be a number >= 0, got 'many'");
    assertThatThrownBy(() -> load("short.csv", "Timestamp,Request tokens,Response tokens\n1,2,3\n",
        Map.of("custom-dataset-type", "burst_gpt_trace"))).hasMessageContaining("the header has no column 'Model'");
  }

  @Test
  void inputsJsonSessionsReplayTheirBodiesInOrder() throws IOException {
    Corpus c = load("inputs.json", """
        {"data": [{"session_id": "s1", "payloads": [
          {"messages": [{"role": "user", "content": "a"}], "model": "m", "max_completion_tokens": 4, "stream": true},
          {"messages": [{"role": "user", "content": "b"}], "model": "m", "max_completion_tokens": 4, "stream": true}]}]}
        """, Map.of());
    assertThat(c.loader()).isEqualTo("inputs_json");
    assertThat(stream(c, 0).turns()).hasSize(2);
    assertThat(c.timestamps()).isFalse();
    assertThat(c.prompts().messages(stream(c, 0), 1)).isEmpty();
    assertThat(c.prompts().body(stream(c, 0), 1)).containsEntry("max_completion_tokens", 4)
        .containsEntry("messages", List.of(Map.of("role", "user", "content", "b")));
  }

  @Test
  void aFolderOfRawPayloadsIsASessionAFile() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("payloads"));
    Files.writeString(folder.resolve("alpha.jsonl"), "{\"messages\": [{\"role\": \"user\", \"content\": \"1\"}], \"model\": \"x\"}\n"
        + "{\"messages\": [{\"role\": \"user\", \"content\": \"2\"}], \"model\": \"x\"}\n");
    Corpus c = TraceFormats.load(Settings.of(Map.of("input-file", folder.toString())), null, WordTokenizer.instance(), 1);
    assertThat(c.loader()).isEqualTo("raw_payload");
    assertThat(c.trees()).singleElement().satisfies(t -> assertThat(t.traceId()).isEqualTo("alpha"));
    assertThat(stream(c, 0).turns()).hasSize(2);
  }

  @Test
  void conversationFilesAreUserTurnsTheServersAnswersAreThreadedInto() throws IOException {
    Corpus multi = load("multi.jsonl", """
        {"session_id": "s", "turns": [{"text": "hello"}, {"text": "and then?", "delay": 1500}]}
        """, Map.of());
    assertThat(multi.prompts().live(stream(multi, 0))).isTrue();
    assertThat(multi.prompts().messages(stream(multi, 0), 1)).containsExactly(ChatMessage.user("and then?"));
    assertThat(stream(multi, 0).turns().get(1).delayMs()).isEqualTo(1500.0);
    TraceConversations conv = TraceConversations.of(multi);
    assertThat(conv.size()).isEqualTo(1);
    assertThat(conv.turns(0)).containsExactly(Turn.user("hello"), Turn.user("and then?"));

    Corpus share = load("share.json", """
        [{"id": "a", "conversations": [{"from": "human", "value": "why is the sky blue"},
                                        {"from": "gpt", "value": "because of Rayleigh scattering of light"}]},
         {"id": "a", "conversations": [{"from": "gpt", "value": "no prompt here"}]},
         {"id": "b", "conversations": [{"from": "system", "value": "s"}, {"from": "human", "value": "hi"},
                                        {"from": "gpt", "value": "hello there"}]}]
        """, Map.of());
    assertThat(share.loader()).isEqualTo("sharegpt");
    assertThat(TraceConversations.of(share).turns(0)).containsExactly(Turn.user("why is the sky blue").maxTokens(6));
    assertThat(TraceConversations.of(share).turns(1)).containsExactly(Turn.user("hi").maxTokens(2));

    assertThatThrownBy(() -> load("img.jsonl", "{\"text\": \"x\"}\n{\"text\": \"y\", \"image\": \"a.png\"}\n", Map.of()))
        .hasMessageContaining("img.jsonl line 2: image: media inputs are not supported");
  }

  @Test
  void aRecordedMultiTurnHistoryIsNotAConversationButARowIs() throws IOException {
    Corpus rows = load("m.jsonl", "{\"timestamp\": 0, \"input_length\": 20, \"output_length\": 3}\n", Map.of());
    List<Turn> turns = TraceConversations.of(rows).turns(0);
    assertThat(turns).singleElement().satisfies(t -> {
      assertThat(WordTokenizer.instance().count(t.text())).isEqualTo(20);
      assertThat(t.maxTokens()).isEqualTo(3);
    });
    Corpus session = load("s.jsonl", """
        {"session_id": "x", "timestamp": 0, "input_length": 20, "output_length": 3}
        {"session_id": "x", "delay": 5, "input_length": 40, "output_length": 3}
        """, Map.of());
    assertThatThrownBy(() -> TraceConversations.of(session)).hasMessageContaining("mooncake_trace session x replays "
        + "recorded requests (2 turns with their recorded history)").hasMessageContaining("trace-replay");
  }
}
