import { Mail, Phone } from "lucide-react";
import { siteConfig } from "../../../shared/site-config.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { helpNamespace } from "./help-copy.ts";

/** docs/product.md §2 Contact us (`#contact`): phone and support e-mail, each with hours and language. */
export function ContactBlock() {
  const { t } = useTranslation(helpNamespace);
  const channels = [
    {
      key: "phone",
      label: t("contact.phone"),
      value: siteConfig.supportPhone,
      href: `tel:${siteConfig.supportPhone.replace(/[^\d+]/g, "")}`,
      icon: Phone,
    },
    {
      key: "email",
      label: t("contact.email"),
      value: siteConfig.supportEmail,
      href: `mailto:${siteConfig.supportEmail}`,
      icon: Mail,
    },
  ];
  return (
    <section id="contact" className="bg-ink py-16 text-paper sm:py-20" aria-labelledby="contact-title">
      <div className="container-page">
        <h2 id="contact-title" className="text-3xl sm:text-4xl">
          {t("contact.title")}
        </h2>
        <p className="mt-4 max-w-2xl text-mist">{t("contact.lead")}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {channels.map((channel) => (
            <li key={channel.key} className="rounded-xl border border-white/15 bg-ink-soft p-6 sm:p-8">
              <div className="flex items-center gap-4">
                <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-gold/50 text-gold">
                  <channel.icon className="h-5 w-5" strokeWidth={1.8} aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-sans text-xs font-semibold tracking-[0.2em] text-gold uppercase">{channel.label}</h3>
                  <a
                    href={channel.href}
                    className="mt-1 block text-lg break-words text-paper underline-offset-4 hover:text-gold hover:underline"
                    data-testid={`contact-${channel.key}`}
                  >
                    {channel.value}
                  </a>
                </div>
              </div>
              <p className="mt-5 text-sm text-mist">{t("contact.hours")}</p>
              <p className="mt-1 text-sm text-mist">{t("contact.language")}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
