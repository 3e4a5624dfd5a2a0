import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

// ADR 085: zod (≈ 22 KB compressed) is not needed to show the sign-in form, only to validate it.
// The form's schema (the same one the server uses, ADR 027) and the zod resolver load on the
// first keystroke, or at the latest on the first submit, instead of with the page.

export type DeferredResolver<Input extends FieldValues, Output> = {
  resolver: Resolver<Input, unknown, Output>;
  /** Starts loading the schema ahead of the first validation (e.g. on the first keystroke). */
  preload: () => void;
};

export function deferredZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): DeferredResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
      (error: unknown) => {
        // A failed download is tried again on the next validation rather than remembered.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
