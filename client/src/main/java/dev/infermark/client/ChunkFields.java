package dev.infermark.client;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

import dev.infermark.json.Json;

/**
 * Reads the fields a record needs from one OpenAI response object (a stream chunk or a whole
 * body) in one pass over its bytes, with no allocation unless a value is kept: {@code error};
 * {@code choices[0]}: {@code delta} (else {@code message}) {@code content}, {@code reasoning_content}
 * (else {@code reasoning}) and {@code tool_calls}, else {@code text}, and {@code finish_reason};
 * {@code usage} with its details. The whole payload is checked against the JSON grammar (RFC 8259:
 * a malformed or truncated payload, or trailing content, is an error), so it accepts exactly what
 * Jackson accepts except invalid UTF-8 inside strings, which it does not look at. A streaming
 * Jackson parser per chunk was most of the client's CPU and allocation at 50,000 chunks/s; a tool
 * call kept as text still goes through Jackson. The fields of the last {@link #parse} stay until
 * the next; one instance per response, not thread-safe.
 */
final class ChunkFields {
  /** A string field: absent (or not a string), empty, or with text. */
  static final int ABSENT = -1;
  static final int EMPTY = 0;
  static final int TEXT = 1;

  /** As Jackson's default nesting limit. */
  private static final int MAX_DEPTH = 500;

  private final boolean keepText;
  private byte[] b;
  private int pos;
  private int end;
  private int strStart;
  private int strEnd;
  private boolean strEscaped;

  boolean error;
  int errorCode;
  boolean choice;
  final Message delta = new Message();
  final Message message = new Message();
  int text;
  String textValue;
  String finishReason;
  boolean usage;
  Number promptTokens;
  Number completionTokens;
  Number reasoningTokens;
  Number detailReasoningTokens;
  Number cachedTokens;

  ChunkFields(boolean keepText) {
    this.keepText = keepText;
  }

  /** A {@code delta} or {@code message} object. */
  static final class Message {
    boolean present;
    int content;
    String contentValue;
    int reasoningContent;
    String reasoningContentValue;
    int reasoning;
    String reasoningValue;
    boolean toolCalls;
    String toolCallsJson;

    void reset() {
      present = false;
      content = reasoningContent = reasoning = ABSENT;
      contentValue = reasoningContentValue = reasoningValue = toolCallsJson = null;
      toolCalls = false;
    }
  }

  /** Not one valid JSON value. */
  static final class MalformedJson extends RuntimeException {
    MalformedJson(String message, int at) {
      super(message + " at byte " + at);
    }
  }

  /**
   * Parses {@code bytes[off..off+len)}.
   *
   * @throws MalformedJson when it is not one valid JSON value
   */
  void parse(byte[] bytes, int off, int len) {
    reset();
    this.b = bytes;
    this.pos = off;
    this.end = off + len;
    try {
      ws();
      if (peek() == '{') {
        root();
      } else {
        skipValue(0);
      }
      ws();
      if (pos < end) {
        throw new MalformedJson("trailing content after the JSON value", pos);
      }
    } finally {
      this.b = null;
    }
  }

  /** Nothing to release: kept for the accumulator's life cycle. */
  void close() {}

  private void reset() {
    error = false;
    errorCode = 0;
    usage = false;
    promptTokens = completionTokens = reasoningTokens = detailReasoningTokens = cachedTokens = null;
    resetChoice();
  }

  private void resetChoice() {
    choice = false;
    delta.reset();
    message.reset();
    text = ABSENT;
    textValue = null;
    finishReason = null;
  }

  // ---------------------------------------------------------------- the fields

  private void root() {
    pos++; // {
    if (firstMember()) {
      do {
        int name = name();
        if (is(name, "error")) {
          error();
        } else if (is(name, "choices")) {
          choices();
        } else if (is(name, "usage")) {
          usage();
        } else {
          skipValue(1);
        }
      } while (nextMember());
    }
  }

  /** Present unless null or {@code {}}; {@code code} when it is an integral number. */
  private void error() {
    int c = peek();
    if (c == '{') {
      pos++;
      boolean any = false;
      int code = 0;
      if (firstMember()) {
        do {
          any = true;
          int name = name();
          if (is(name, "code")) {
            Number n = numberOrSkip(2, true);
            code = n == null ? 0 : n.intValue();
          } else {
            skipValue(2);
          }
        } while (nextMember());
      }
      error = any;
      errorCode = code;
    } else {
      error = !(c == 'n' && literal("null"));
      if (error) {
        skipValue(1);
      }
      errorCode = 0;
    }
  }

  private void choices() {
    resetChoice(); // a repeated key wins, as in a tree
    if (peek() != '[') {
      skipValue(1);
      return;
    }
    pos++;
    ws();
    if (peek() == ']') {
      pos++;
      return;
    }
    boolean first = true;
    do {
      ws();
      if (first && peek() == '{') {
        choice = true;
        choice0();
      } else {
        skipValue(2);
      }
      first = false;
    } while (nextElement());
  }

  private void choice0() {
    pos++; // {
    if (firstMember()) {
      do {
        int name = name();
        if (is(name, "delta")) {
          message(delta);
        } else if (is(name, "message")) {
          message(message);
        } else if (is(name, "text")) {
          text = string(3);
          textValue = keepText && text == TEXT ? stringValue() : null;
        } else if (is(name, "finish_reason")) {
          finishReason = string(3) != ABSENT ? stringValue() : null;
        } else {
          skipValue(3);
        }
      } while (nextMember());
    }
  }

  private void message(Message m) {
    m.reset();
    m.present = true; // even when null: then it carries nothing, and text is not looked at
    if (peek() != '{') {
      skipValue(3);
      return;
    }
    pos++;
    if (firstMember()) {
      do {
        int name = name();
        if (is(name, "content")) {
          m.content = string(4);
          m.contentValue = keepText && m.content == TEXT ? stringValue() : null;
        } else if (is(name, "reasoning_content")) {
          m.reasoningContent = string(4);
          m.reasoningContentValue = keepText && m.reasoningContent == TEXT ? stringValue() : null;
        } else if (is(name, "reasoning")) {
          m.reasoning = string(4);
          m.reasoningValue = keepText && m.reasoning == TEXT ? stringValue() : null;
        } else if (is(name, "tool_calls")) {
          toolCalls(m);
        } else {
          skipValue(4);
        }
      } while (nextMember());
    }
  }

  /** A non-empty array counts as output; kept as compact JSON with the text. */
  private void toolCalls(Message m) {
    m.toolCalls = false;
    m.toolCallsJson = null;
    if (peek() != '[') {
      skipValue(4);
      return;
    }
    int start = pos;
    pos++;
    ws();
    m.toolCalls = peek() != ']';
    pos = start;
    skipValue(4);
    if (keepText && m.toolCalls) {
      // AIPerf serialises tool calls compactly; Jackson writes the same form
      m.toolCallsJson = Json.MAPPER.readTree(b, start, pos - start).toString();
    }
  }

  private void usage() {
    usage = false; // a repeated key wins, as in a tree
    promptTokens = completionTokens = reasoningTokens = detailReasoningTokens = cachedTokens = null;
    if (peek() != '{') {
      skipValue(1);
      return;
    }
    usage = true;
    pos++;
    if (firstMember()) {
      do {
        int name = name();
        if (is(name, "prompt_tokens")) {
          promptTokens = numberOrSkip(2, false);
        } else if (is(name, "completion_tokens")) {
          completionTokens = numberOrSkip(2, false);
        } else if (is(name, "reasoning_tokens")) {
          reasoningTokens = numberOrSkip(2, false);
        } else if (is(name, "completion_tokens_details")) {
          detailReasoningTokens = nested("reasoning_tokens");
        } else if (is(name, "prompt_tokens_details")) {
          cachedTokens = nested("cached_tokens");
        } else {
          skipValue(2);
        }
      } while (nextMember());
    }
  }

  private Number nested(String field) {
    if (peek() != '{') {
      skipValue(2);
      return null;
    }
    pos++;
    Number found = null;
    if (firstMember()) {
      do {
        int name = name();
        if (is(name, field)) {
          found = numberOrSkip(3, false);
        } else {
          skipValue(3);
        }
      } while (nextMember());
    }
    return found;
  }

  // ---------------------------------------------------------------- the grammar

  private int peek() {
    if (pos >= end) {
      throw new MalformedJson("the JSON value is incomplete", pos);
    }
    return b[pos];
  }

  private void ws() {
    while (pos < end) {
      byte c = b[pos];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        return;
      }
      pos++;
    }
  }

  /** After {@code {}: whether a member follows (else the object is closed and consumed). */
  private boolean firstMember() {
    ws();
    if (peek() == '}') {
      pos++;
      return false;
    }
    return true;
  }

  /** After a member's value: whether another follows. */
  private boolean nextMember() {
    ws();
    int c = peek();
    pos++;
    if (c == ',') {
      ws();
      return true;
    }
    if (c == '}') {
      return false;
    }
    throw new MalformedJson("expected ',' or '}'", pos - 1);
  }

  private boolean nextElement() {
    ws();
    int c = peek();
    pos++;
    if (c == ',') {
      return true;
    }
    if (c == ']') {
      return false;
    }
    throw new MalformedJson("expected ',' or ']'", pos - 1);
  }

  /** A member's name and its colon; the name is in {@code strStart..strEnd} (raw), its length returned. */
  private int name() {
    if (peek() != '"') {
      throw new MalformedJson("expected a property name", pos);
    }
    scanString();
    ws();
    if (peek() != ':') {
      throw new MalformedJson("expected ':'", pos);
    }
    pos++;
    ws();
    return strEnd - strStart;
  }

  /** Whether the last scanned name is {@code s} (names with escapes are compared decoded). */
  private boolean is(int length, String s) {
    if (strEscaped) {
      return decode(strStart, strEnd).equals(s);
    }
    if (length != s.length()) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (b[strStart + i] != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** A value that should be a string: its state; a non-string value is skipped. */
  private int string(int depth) {
    if (peek() != '"') {
      skipValue(depth);
      return ABSENT;
    }
    scanString();
    return strEnd > strStart ? TEXT : EMPTY;
  }

  private String stringValue() {
    return strEscaped ? decode(strStart, strEnd) : new String(b, strStart, strEnd - strStart, StandardCharsets.UTF_8);
  }

  /** Scans a string starting at its quote: raw content in {@code strStart..strEnd}. */
  private void scanString() {
    pos++;
    strStart = pos;
    strEscaped = false;
    while (true) {
      if (pos >= end) {
        throw new MalformedJson("unterminated string", strStart - 1);
      }
      int c = b[pos] & 0xFF;
      if (c == '"') {
        strEnd = pos++;
        return;
      }
      if (c < 0x20) {
        throw new MalformedJson("unescaped control character in a string", pos);
      }
      if (c == '\\') {
        strEscaped = true;
        pos++;
        int e = pos < end ? b[pos] : -1;
        switch (e) {
          case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> pos++;
          case 'u' -> {
            for (int i = 1; i <= 4; i++) {
              if (pos + i >= end || Character.digit(b[pos + i], 16) < 0) {
                throw new MalformedJson("bad \\u escape", pos);
              }
            }
            pos += 5;
          }
          default -> throw new MalformedJson("bad escape", pos);
        }
        continue;
      }
      pos++;
    }
  }

  private String decode(int from, int to) {
    StringBuilder sb = new StringBuilder(to - from);
    int run = from;
    for (int i = from; i < to; i++) {
      if (b[i] != '\\') {
        continue;
      }
      sb.append(new String(b, run, i - run, StandardCharsets.UTF_8));
      char e = (char) b[++i];
      switch (e) {
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          sb.append((char) Integer.parseInt(new String(b, i + 1, 4, StandardCharsets.US_ASCII), 16));
          i += 4;
        }
        default -> sb.append(e);
      }
      run = i + 1;
    }
    return sb.append(new String(b, run, to - run, StandardCharsets.UTF_8)).toString();
  }

  /** A number's value (integers as Integer, Long or BigInteger, others as Double); anything else is skipped. */
  private Number numberOrSkip(int depth, boolean integralOnly) {
    int c = peek();
    if (c != '-' && (c < '0' || c > '9')) {
      skipValue(depth);
      return null;
    }
    int start = pos;
    boolean integral = scanNumber();
    if (integral) {
      int digits = pos - start - (b[start] == '-' ? 1 : 0);
      if (digits <= 18) {
        long v = 0;
        for (int i = b[start] == '-' ? start + 1 : start; i < pos; i++) {
          v = v * 10 + (b[i] - '0');
        }
        v = b[start] == '-' ? -v : v;
        return v == (int) v ? Integer.valueOf((int) v) : Long.valueOf(v);
      }
      return new BigInteger(new String(b, start, pos - start, StandardCharsets.US_ASCII));
    }
    return integralOnly ? null : Double.valueOf(new String(b, start, pos - start, StandardCharsets.US_ASCII));
  }

  /** Scans a number; true when it is an integer (no fraction, no exponent). */
  private boolean scanNumber() {
    int start = pos;
    if (pos < end && b[pos] == '-') {
      pos++;
    }
    if (pos >= end) {
      throw new MalformedJson("bad number", start);
    }
    if (b[pos] == '0') {
      pos++;
    } else if (b[pos] >= '1' && b[pos] <= '9') {
      digits();
    } else {
      throw new MalformedJson("bad number", start);
    }
    boolean integral = true;
    if (pos < end && b[pos] == '.') {
      pos++;
      if (digits() == 0) {
        throw new MalformedJson("bad number", start);
      }
      integral = false;
    }
    if (pos < end && (b[pos] == 'e' || b[pos] == 'E')) {
      pos++;
      if (pos < end && (b[pos] == '+' || b[pos] == '-')) {
        pos++;
      }
      if (digits() == 0) {
        throw new MalformedJson("bad number", start);
      }
      integral = false;
    }
    if (pos < end && (b[pos] == '.' || (b[pos] >= '0' && b[pos] <= '9'))) {
      throw new MalformedJson("bad number", start); // a leading zero followed by digits
    }
    return integral;
  }

  private int digits() {
    int n = 0;
    while (pos < end && b[pos] >= '0' && b[pos] <= '9') {
      pos++;
      n++;
    }
    return n;
  }

  private boolean literal(String word) {
    if (end - pos < word.length()) {
      throw new MalformedJson("the JSON value is incomplete", pos);
    }
    for (int i = 0; i < word.length(); i++) {
      if (b[pos + i] != word.charAt(i)) {
        return false;
      }
    }
    int after = pos + word.length();
    if (after < end && Character.isLetterOrDigit(b[after])) {
      return false;
    }
    pos = after;
    return true;
  }

  /** Skips one value of any kind, checking its grammar. */
  private void skipValue(int depth) {
    if (depth > MAX_DEPTH) {
      throw new MalformedJson("nesting deeper than " + MAX_DEPTH, pos);
    }
    ws();
    int c = peek();
    switch (c) {
      case '{' -> {
        pos++;
        if (firstMember()) {
          do {
            name();
            skipValue(depth + 1);
          } while (nextMember());
        }
      }
      case '[' -> {
        pos++;
        ws();
        if (peek() == ']') {
          pos++;
          return;
        }
        do {
          skipValue(depth + 1);
        } while (nextElement());
      }
      case '"' -> scanString();
      case 't' -> expect("true");
      case 'f' -> expect("false");
      case 'n' -> expect("null");
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          scanNumber();
        } else {
          throw new MalformedJson("unexpected character '" + (char) c + "'", pos);
        }
      }
    }
  }

  private void expect(String word) {
    if (!literal(word)) {
      throw new MalformedJson("unexpected literal", pos);
    }
  }
}
