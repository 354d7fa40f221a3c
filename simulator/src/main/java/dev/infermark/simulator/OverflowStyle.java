package dev.infermark.simulator;

/** Which server's wording the context-overflow HTTP 400 uses. */
public enum OverflowStyle {
  /** vLLM: {@code This model's maximum context length is N tokens. However, your request has M input tokens...}. */
  VLLM,
  /** llama.cpp server: type {@code exceed_context_size_error} with {@code n_prompt_tokens} and {@code n_ctx}. */
  LLAMACPP;

  public static OverflowStyle parse(String s) {
    return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "vllm" -> VLLM;
      case "llamacpp", "llama.cpp", "llama-cpp" -> LLAMACPP;
      default -> throw new IllegalArgumentException("overflow style must be vllm or llamacpp, got '" + s + "'");
    };
  }
}
