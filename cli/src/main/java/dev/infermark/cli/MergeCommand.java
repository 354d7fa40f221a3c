package dev.infermark.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.infermark.scaleout.merge.ShardMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infermark merge SHARD_DIR... [-o OUT]}: the exact merge of a sharded run's shards (docs/scale-out.md). */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = "Merges the run folders of a sharded run's shards into one run folder, computed from the union of "
        + "their raw records (percentiles exact, the scenario's verdict over the whole run). See docs/scale-out.md.")
final class MergeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "SHARD_DIR", arity = "1..*",
      description = "Each shard's run folder, or a folder holding one (or its latest).")
  List<Path> shards;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", defaultValue = "merged",
      description = "The merged run folder (default: ${DEFAULT-VALUE}).")
  Path output;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return FolderCommands.run(spec, () -> ShardMerge.merge(shards, output).consoleLines());
  }
}
