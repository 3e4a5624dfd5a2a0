import { Link } from "react-router";
import { i18n, useTranslation } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.notFound") }];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-4 text-3xl sm:text-4xl">{t("notFound.title")}</h1>
      <p className="mt-4 text-stone">{t("notFound.body")}</p>
      <Link to="/" className="button-dark mt-8">
        {t("actions.goHome")}
      </Link>
    </section>
  );
}
