import { describe, expect, it } from "vitest";
import { languages } from "../../shared/languages.ts";
import { audienceOf, kindsOfAudience, notificationKinds, type NotificationKind } from "../../shared/notifications.ts";
import { renderNotificationMail } from "../mail/templates/notification.ts";
import { notificationData, renderNotification } from "./messages.ts";
import { smsSenderOf } from "./service.ts";

// ADR 268: every kind on every channel (mail subject, preview, HTML and text; SMS sender and text;
// push title and body), in both languages, discreet and not. A discreet booking's messages name
// neither the firm nor its trade nor the service; no message ever names the protected person,
// even when the data handed in carries their name, not even an alarm the principal raised.

const tradeWords =
  /nordic|shield|security|protection|protect|bodyguard|guard|s[äa]kerhet|skydd|livvakt|v[äa]ktare|bevakning|chauff|driver/i;
const principal = "Greta Lovisa Garbo";

const audienceOfKind = (kind: NotificationKind) =>
  (["operative", "customer", "staff"] as const).find((audience) => kindsOfAudience[audience].includes(kind)) ?? "customer";

async function everyChannel(
  kind: NotificationKind,
  language: (typeof languages)[number],
  discreet: boolean,
  raisedBy: "customer" | "principal" | "operative" = "principal",
) {
  // The caller's data as an event might hand it in, with fields no kind has: they are dropped.
  const data = notificationData.parse({
    bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    reference: "AB12CD34",
    startAt: "2027-12-04T08:00:00.000Z",
    respondBy: "2027-12-03T08:00:00.000Z",
    hoursBefore: 24,
    count: 2,
    contactName: "Johan",
    phone: "+46 70 111 22 33",
    phrase: "amber harbour 42",
    // An alarm's ladder step and a check-in reminder (ADR 297): the raiser's name as the alarm row
    // keeps it; for the principal or the customer it may be the protected person's.
    level: 2,
    alarmKind: "sos",
    raisedBy,
    raiserName: raisedBy === "operative" ? "Ali" : principal,
    raisedAt: "2027-12-04T08:30:00.000Z",
    dueAt: "2027-12-04T09:00:00.000Z",
    principalName: principal,
    principalCodename: "Falcon",
  });
  const audience = audienceOfKind(kind);
  const message = renderNotification({ kind, audience, language, discreet, data, appUrl: "https://example.test" });
  const mail = await renderNotificationMail({ language, ...message, discreet, supportEmail: "help@example.test" });
  return {
    message,
    mail,
    sms: { from: smsSenderOf("NordicShld", { discreet, smsSender: null }), text: `${message.title}\n${message.body}` },
    push: JSON.stringify({ title: message.title, body: message.body }),
  };
}

describe("discreet notifications", () => {
  it("render every kind on every channel without the principal's name, and discreet ones without the trade", async () => {
    expect(audienceOf("operative")).toBe("operative");
    for (const kind of notificationKinds)
      for (const language of languages)
        for (const discreet of [false, true]) {
          const output = await everyChannel(kind, language, discreet);
          const everything = [output.mail.subject, output.mail.html, output.mail.text, output.sms.from, output.sms.text, output.push].join(
            "\n",
          );
          expect(everything, `${kind} ${language}`).not.toContain("Garbo");
          expect(everything, `${kind} ${language}`).not.toContain("Falcon");
          expect(output.message.title.length).toBeGreaterThan(0);
          if (!discreet) continue;
          const label = `${kind} in ${language}, discreet`;
          expect(everything, label).not.toMatch(tradeWords);
          expect(output.mail.anonymousSender, label).toBe(true);
          expect(output.sms.from, label).toBe("Info");
        }
  });

  it("names an alarm's raiser by role when the customer or the principal raised it, and an operative by first name", async () => {
    for (const language of languages)
      for (const discreet of [false, true])
        for (const raisedBy of ["customer", "principal"] as const) {
          const { message, mail } = await everyChannel("alarm", language, discreet, raisedBy);
          expect(`${message.body} ${mail.text}`, `${raisedBy} ${language}`).not.toMatch(/Greta|Lovisa|Garbo/);
        }
    expect((await everyChannel("alarm", "en", false, "principal")).message).toMatchObject({
      title: "ALARM not acknowledged: booking AB12CD34 (level 2)",
      body: expect.stringMatching(/^The principal raised an alarm \(SOS\) at /),
      url: "https://example.test/admin/alarms",
    });
    expect((await everyChannel("alarm", "sv", true, "customer")).message.body).toMatch(/^Kunden larmade \(SOS\) /);
    expect((await everyChannel("alarm", "sv", false, "operative")).message.body).toMatch(/^Ali larmade \(SOS\) /);
    expect((await everyChannel("check-in-due", "en", false)).message).toMatchObject({
      title: expect.stringMatching(/^Check-in due at .+: booking AB12CD34$/),
      url: "https://example.test/operative",
    });
    expect((await everyChannel("check-in-due", "sv", true)).message.title).toMatch(/^Incheckning senast .+: AB12CD34$/);
  });

  it("names the service when not discreet, so the test above could find it", async () => {
    const plain = await everyChannel("booking-reminder", "en", false);
    expect(`${plain.mail.subject} ${plain.mail.html}`).toMatch(tradeWords);
    expect(plain.sms.from).toBe("NordicShld");
    expect((await everyChannel("booking-confirmed", "sv", false)).message.title).toMatch(/skydd/);
  });

  it("says the discreet appointment's day in the reader's language", async () => {
    expect((await everyChannel("booking-reminder", "en", true)).message.title).toBe("Your appointment on 4 Dec");
    expect((await everyChannel("booking-reminder", "sv", true)).message.title).toBe("Din tid den 4 dec.");
  });
});
