package dev.infermark.cli;

import java.util.concurrent.Callable;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code infermark completion}: the bash/zsh completion script of every command and flag (picocli's
 * {@link AutoComplete}), scenario names included.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
    description = {"Prints the shell completion script of infermark (bash, and zsh through bashcompinit). Load it with",
        "  source <(infermark completion)                                   # bash",
        "  autoload -U +X bashcompinit && bashcompinit; source <(infermark completion)   # zsh",
        "or save it, e.g. infermark completion > /etc/bash_completion.d/infermark."})
final class CompletionCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().print(AutoComplete.bash("infermark", spec.root().commandLine()));
    spec.commandLine().getOut().flush();
    return 0;
  }
}
