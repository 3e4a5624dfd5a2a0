import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

// docs/payments.md: the simulated bank's check page (the test card ending 3155) leads in the
// visitor's language, with the other language in small print, and says which is which (WCAG 2.2
// 3.1.1 language of page, 3.1.2 language of parts).

const page = "/payments/challenge/sim_pi_0123456789abcdef0123456789abcdef";

/** The page's language, its heading and its buttons, as a reader meets them. */
function read(html: string) {
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    heading: /<h1>([^<]+)<\/h1>/.exec(html)?.[1],
    buttons: [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((match) => match[1]),
    title: /<title>([^<]+)<\/title>/.exec(html)?.[1],
  };
}

describe("the simulated bank's check page", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite");
  });
  afterAll(() => test.close());

  it("leads in Swedish for a Swedish visitor, English in small print", async () => {
    const response = await test.request("GET", `${page}?return=%2Fsecure-booking&lang=sv`);
    expect(response.status).toBe(200);
    const html = String(response.body);
    expect(read(html)).toEqual({
      lang: "sv",
      heading: "Bekräfta betalningen hos din bank",
      buttons: ["Slutför", "Avbryt"],
      title: "Simulerad bankkontroll",
    });
    expect(html).toContain('<p class="note" lang="en">');
  });

  it("leads in English for an English visitor, Swedish in small print", async () => {
    const html = String((await test.request("GET", `${page}?lang=en`)).body);
    expect(read(html)).toEqual({
      lang: "en",
      heading: "Confirm this payment with your bank",
      buttons: ["Complete", "Cancel"],
      title: "Simulated bank check",
    });
    expect(html).toContain('<p class="note" lang="sv">');
  });

  it("follows the browser's languages when the address names none", async () => {
    const swedish = await test.request("GET", page, { headers: { "accept-language": "sv-SE,sv;q=0.9,en;q=0.8" } });
    expect(read(String(swedish.body)).lang).toBe("sv");
    const english = await test.request("GET", page, { headers: { "accept-language": "de-DE,en;q=0.7,sv;q=0.5" } });
    expect(read(String(english.body)).lang).toBe("en");
    expect(read(String((await test.request("GET", page)).body)).lang).toBe("en");
  });
});
