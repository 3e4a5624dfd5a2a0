import { describe, expect, it } from "vitest";
import { paymentStepEnglish } from "./payment-step-copy.ts";
import { swedish as paymentStepSwedish } from "./payment-step-sv.ts";

// The payment step speaks English and Swedish: every sentence has both.

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe("the payment step's words", () => {
  it("has a Swedish sentence for every English one, with the same placeholders", () => {
    const english = paymentStepEnglish as Tree;
    expect(keys(paymentStepSwedish).sort()).toEqual(keys(english).sort());
    const text = (tree: Tree, path: string) =>
      path.split(".").reduce<string | Tree>((node, key) => (node as Tree)[key] as string | Tree, tree) as string;
    for (const path of keys(english)) {
      const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(text(paymentStepSwedish, path)), path).toEqual(placeholders(text(english, path)));
      expect(text(paymentStepSwedish, path), path).not.toBe("");
    }
  });
});
