package dev.infermark.engine.discovery;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import java.util.Optional;

import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.discovery.SelectorResolver;

import dev.infermark.engine.descriptor.ErrorRateDescriptor;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.engine.descriptor.RegressionDescriptor;
import dev.infermark.engine.descriptor.RunDescriptor;
import dev.infermark.engine.descriptor.SearchDescriptor;
import dev.infermark.engine.descriptor.SloDescriptor;
import dev.infermark.engine.descriptor.VerdictDescriptor;

/**
 * Resolves one check of one run: {@code .../[check:error_rate]}, {@code .../[slo:<id>]},
 * {@code .../[verdict:submission_valid]}, {@code .../[search:<setting>]}, {@code .../[regression:<metric:stat>]}.
 * Selected alone, its run is added with this check only.
 */
final class CheckResolver implements SelectorResolver {
  @Override
  public Resolution resolve(UniqueIdSelector selector, Context context) {
    UniqueId id = selector.getUniqueId();
    UniqueId.Segment last = id.getLastSegment();
    if (!InfermarkUniqueIds.isCheck(last.getType())) {
      return unresolved();
    }
    Optional<TestDescriptor> check = context.addToParent(() -> DiscoverySelectors.selectUniqueId(id.removeLastSegment()),
        parent -> parent instanceof RunDescriptor rd ? create(rd, id, last) : Optional.empty());
    return check.map(c -> Resolution.match(Match.exact(c))).orElse(unresolved());
  }

  private static Optional<TestDescriptor> create(RunDescriptor rd, UniqueId id, UniqueId.Segment last) {
    return switch (last.getType()) {
      case InfermarkUniqueIds.CHECK -> InfermarkUniqueIds.ERROR_RATE.equals(last.getValue())
          ? Optional.of(new ErrorRateDescriptor(id, rd.model())) : Optional.empty();
      case InfermarkUniqueIds.VERDICT -> InfermarkUniqueIds.VERDICT_VALUE.equals(last.getValue()) && rd.model().stampsVerdict()
          ? Optional.of(new VerdictDescriptor(id, rd.model(), rd.params())) : Optional.empty();
      case InfermarkUniqueIds.SLO -> rd.slos().stream().filter(s -> s.id().equals(last.getValue())).findFirst()
          .map(s -> new SloDescriptor(id, rd.model(), rd.params(), s));
      case InfermarkUniqueIds.SEARCH -> rd.search().filter(p -> p.setting().name().equals(last.getValue()))
          .map(p -> new SearchDescriptor(id, rd.model(), p));
      case InfermarkUniqueIds.REGRESSION -> rd.gate().flatMap(g -> g.checks().stream().filter(c -> c.id().equals(last.getValue()))
          .findFirst()).map(c -> new RegressionDescriptor(id, rd.model(), c));
      default -> Optional.empty();
    };
  }
}
