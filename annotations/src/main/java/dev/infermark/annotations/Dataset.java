package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * The scenario's default data source. Shorthand for {@code @Default} of {@code public-dataset}
 * (a named public dataset) or {@code input-file} (a local file or folder); settings override it.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface Dataset {
  /** A public dataset alias; empty for none. */
  String publicDataset() default "";

  /** A local file or folder; empty for none. */
  String inputFile() default "";
}
