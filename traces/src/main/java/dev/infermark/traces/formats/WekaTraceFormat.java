package dev.infermark.traces.formats;

import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusLoader;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormat;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.format.TraceLoad;
import tools.jackson.databind.JsonNode;

/**
 * Weka agentic traces ({@code weka_trace}; shared/spec/agentx.md §2.1, docs/agentx-corpus.md): one trace a
 * {@code .json} file, a folder of them, or a {@code .jsonl} file of traces. Loaded by the AgentX corpus code
 * ({@link CorpusLoader}): sub-agent trees, chain splitting, prompts rebuilt from each trace's local hash ids.
 */
public final class WekaTraceFormat implements TraceFormat {
  @Override
  public String name() {
    return TraceFormats.WEKA;
  }

  @Override
  public String description() {
    return "Weka agentic traces: {\"id\", \"block_size\", \"requests\": [...]} a .json file, a folder of them or a .jsonl";
  }

  @Override
  public boolean recognizes(TraceFile file) {
    JsonNode r = file.firstRecord();
    return r != null && r.isObject() && r.path("requests").isArray() && (r.has("block_size") || r.has("hash_id_scope"));
  }

  @Override
  public Corpus load(TraceFile file, TraceLoad load) {
    // the settings name the same file: the corpus code reads input-file, with its filters and model mapping
    return CorpusLoader.load(load.settings(), load.hub(), load.tokenizer(), load.seed());
  }
}
