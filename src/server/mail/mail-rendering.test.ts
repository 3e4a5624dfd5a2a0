import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mailCases, renderFixture, type MailFixture } from "./__fixtures__/mail-cases.ts";

// ADR 258: the mails became React components without a reader seeing a difference. Every kind, in
// English and Swedish, from the payloads queued now and the older shapes still accepted, renders
// the subject, the text part and the attachments (the .ics and the PDF, byte for byte) the
// string-built templates rendered (recorded in __fixtures__/rendered before the rewrite), and HTML
// with the same visible words in the same order and the same links.

const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/rendered/${name}.json`, import.meta.url), "utf8")) as MailFixture;

describe("mails rendered from components", () => {
  it("covers every kind of the registry in both languages", async () => {
    const { mailTemplates } = await import("./registry.ts");
    const covered = new Set(mailCases.map((mailCase) => `${mailCase.kind}.${mailCase.language}`));
    for (const kind of Object.keys(mailTemplates)) for (const language of ["en", "sv"]) expect(covered).toContain(`${kind}.${language}`);
  });

  it.each(mailCases.map((mailCase) => [mailCase.name, mailCase] as const))("%s reads as before", async (_name, mailCase) => {
    const before = recorded(mailCase.recordedAs ?? mailCase.name);
    const now = await renderFixture(mailCase);
    expect(now.subject).toBe(before.subject);
    expect(now.text).toBe(before.text);
    expect(now.attachments).toEqual(before.attachments);
    expect(now.htmlWords.join(" ")).toBe(before.htmlWords.join(" "));
    expect(now.links).toEqual(before.links);
  });
});
