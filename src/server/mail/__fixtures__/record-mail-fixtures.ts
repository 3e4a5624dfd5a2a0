import { mkdirSync, writeFileSync } from "node:fs";
import { mailCases, renderFixture } from "./mail-cases.ts";

// ADR 258: records what every mail case renders, one JSON file per case in ./rendered/, which
// mail-rendering.test.ts compares every later rendering with. Run once before a change that must
// not alter the mails (`node src/server/mail/__fixtures__/record-mail-fixtures.ts`); a deliberate
// change of wording records them again, and the diff shows what each reader will see differently.

const folder = new URL("./rendered/", import.meta.url);
mkdirSync(folder, { recursive: true });
for (const mailCase of mailCases) {
  if (mailCase.recordedAs) continue;
  const fixture = await renderFixture(mailCase);
  writeFileSync(new URL(`${mailCase.name}.json`, folder), `${JSON.stringify(fixture, null, 2)}\n`);
}
console.log(`${mailCases.filter((mailCase) => !mailCase.recordedAs).length} mail fixtures recorded`);
