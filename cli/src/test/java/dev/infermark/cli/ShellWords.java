package dev.infermark.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words as a POSIX shell does for what documentation writes: single
 * quotes (literal), double quotes (backslash escapes {@code "}, {@code \}, {@code $}), a backslash
 * outside quotes (escapes the next character; before a line break or a space that stands for one,
 * a continuation), and {@code #} starting a comment at the start of a word.
 */
final class ShellWords {
  private ShellWords() {}

  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unclosed ' in: " + line);
        }
        w.append(line, i + 1, end);
        i = end;
        inWord = true;
      } else if (c == '"') {
        int j = i + 1;
        for (; j < line.length() && line.charAt(j) != '"'; j++) {
          char d = line.charAt(j);
          if (d == '\\' && j + 1 < line.length() && "\"\\$`".indexOf(line.charAt(j + 1)) >= 0) {
            d = line.charAt(++j);
          }
          w.append(d);
        }
        if (j >= line.length()) {
          throw new IllegalArgumentException("unclosed \" in: " + line);
        }
        i = j;
        inWord = true;
      } else if (c == '\\' && i + 1 < line.length()) {
        char next = line.charAt(++i);
        if (next == '\n' || (next == ' ' && !inWord)) {
          continue; // a line continuation (a one-line copy of a document keeps it as "\ ")
        }
        w.append(next);
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else if (c == '#' && !inWord) {
        int nl = line.indexOf('\n', i);
        if (nl < 0) {
          break;
        }
        i = nl;
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(w.toString());
    }
    return words;
  }
}
