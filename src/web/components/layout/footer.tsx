import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { sellerRegistrationLine } from "../../../shared/seller.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { socialNetworks } from "../../../shared/social-networks.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { BrandMark } from "./brand-mark.tsx";

/**
 * The year in Stockholm. The year turns at midnight in winter, when Swedish time is always UTC+1
 * (summer time runs from March to October), so one hour ahead of UTC is exact for it; the time
 * module stays out of the script every public page loads (ADR 023).
 */
function stockholmYear(now: Date): number {
  return new Date(now.getTime() + 3_600_000).getUTCFullYear();
}

/** docs/product.md §2 footer columns; support address and social links come from configuration, the registration line from the seller settings (src/shared/seller.ts). */
export function Footer() {
  const { t, i18n } = useTranslation();
  // The services' names come from the catalogue's one definition (src/shared/service-titles.ts).
  const language = i18n.language === "sv" ? "sv" : "en";
  const heading = "mb-4 text-xs font-semibold tracking-[0.2em] text-gold uppercase";
  const link = "inline-block py-1 text-sm text-mist hover:text-paper";
  return (
    <footer className="bg-ink text-paper" data-testid="site-footer">
      {/* The brand column is wider so the logo keeps to one line at desktop widths. */}
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[minmax(15rem,1.4fr)_repeat(4,minmax(0,1fr))]">
        <div>
          <BrandMark />
          <p className="mt-4 text-sm leading-relaxed text-mist">{t("footer.tagline")}</p>
          {/* docs/product.md §2 social links: only the configured addresses (SOCIAL_LINKS), never a dead placeholder. */}
          {siteConfig.socialLinks.length > 0 && (
            <nav aria-labelledby="footer-social" className="mt-8">
              <h2 id="footer-social" className={heading}>
                {t("footer.followUs")}
              </h2>
              <ul className="flex flex-wrap gap-x-5">
                {siteConfig.socialLinks.map((social) => (
                  <li key={social.network}>
                    <a className={`${link} inline-flex items-center gap-1`} href={social.url} target="_blank" rel="noopener noreferrer">
                      {socialNetworks[social.network]}
                      <ArrowUpRight className="h-3.5 w-3.5" aria-hidden="true" />
                      <span className="sr-only"> ({t("footer.opensInNewTab")})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={heading}>
            {t("footer.services")}
          </h2>
          <ul>
            <li>
              <Link className={link} to="/services/residential">
                {serviceTitles.residential[language]}
              </Link>
            </li>
            <li>
              <Link className={link} to="/services/driver">
                {serviceTitles.driver[language]}
              </Link>
            </li>
            <li>
              <Link className={link} to="/services/going-out">
                {serviceTitles["going-out"][language]}
              </Link>
            </li>
            <li>
              <Link className={link} to="/services/bodyguard">
                {serviceTitles.bodyguard[language]}
              </Link>
            </li>
            <li>
              <Link className={link} to="/services/event">
                {serviceTitles.event[language]}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className={heading}>
            {t("footer.getHelp")}
          </h2>
          <ul>
            <li>
              <Link className={link} to="/help">
                {t("nav.faq")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/help#contact">
                {t("footer.contactUs")}
              </Link>
            </li>
          </ul>
          <h2 className={`${heading} mt-8`}>{t("footer.affiliate")}</h2>
          <ul>
            <li>
              <Link className={link} to="/affiliate">
                {t("footer.affiliateHow")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/affiliate#apply">
                {t("footer.affiliateSignUp")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className={heading}>
            {t("footer.aboutUs")}
          </h2>
          <ul>
            <li>
              <Link className={link} to="/about">
                {t("nav.about")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/how-it-works">
                {t("nav.howItWorks")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/careers">
                {t("footer.careers")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={heading}>
            {t("footer.legal")}
          </h2>
          <ul>
            <li>
              <Link className={link} to="/terms">
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/privacy">
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/security">
                {t("footer.security")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/cookies">
                {t("footer.cookies")}
              </Link>
            </li>
          </ul>
          <h2 className={`${heading} mt-8`}>{t("footer.support")}</h2>
          <p className="text-sm text-mist">
            <a className="hover:text-paper" href={`mailto:${siteConfig.supportEmail}`}>
              {siteConfig.supportEmail}
            </a>
            <br />
            {t("footer.supportHours")}
          </p>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-mist md:flex-row md:items-center md:justify-between">
          <p>
            {t("footer.copyright", { year: stockholmYear(new Date()) })} {t("footer.basedIn")}
          </p>
          <p data-testid="seller-registration">{sellerRegistrationLine(siteConfig.seller, language)}</p>
        </div>
      </div>
    </footer>
  );
}
