import type { CatalogueService, ServiceOptions } from "../../../shared/booking.ts";
import { carChoices, carClasses, timesOfDay, type CarClass } from "../../../shared/booking-options.ts";
import { carClassSurcharge, defaultOptions, servicePrice } from "../../../shared/pricing.ts";
import { ServiceIcon } from "../../components/service-icons.tsx";
import { Button } from "../../components/ui/button.tsx";
import { isTranslationKey, useTranslation, type TFunction } from "../../lib/i18n.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { formatMoney } from "../../../shared/money.ts";
import { buyerAmount, type BuyerVat } from "../../../shared/buyer-vat.ts";
import { ChoiceGroup, NumberStepper, ReadOnlyValue } from "./option-controls.tsx";

// docs/product.md §2 service cards: residential shows time of day with guards and days read-only; the driver
// card duration, guards, style, car and car class; outdoor cards duration, guards and style. A card
// is collapsed (description clamped) when unselected while others are selected, expanded when selected.
// The unit under a price names what that price is for (per day, the duration, the guards, the car),
// so the figure is never read as the catalogue's 12-hour, one-guard day.

/** Whether a car class value means 'a car without a class' in the class choice. */
const noCarClass = "none";

/** The unit under a price for these options, e.g. '/day · 18 h · 2 guards · with car'. */
export function priceUnitText(service: CatalogueService, options: ServiceOptions, t: TFunction<"booking">): string {
  const label = (key: string) => {
    // Option values come from the catalogue (data): a value without wording is shown as it is.
    const full = `options.${key}`;
    return isTranslationKey(bookingNamespace, full) ? t(full, { ns: bookingNamespace }) : key;
  };
  const hours = options.duration ? Number.parseInt(options.duration, 10) : Number.NaN;
  const withCar = service.carOptions && options.car === "with_car";
  return [
    t("card.perDay", { ns: bookingNamespace }),
    service.timeOfDayPrices &&
      !service.carOptions &&
      options.timeOfDay &&
      t(`card.unitTimeOfDay.${options.timeOfDay}`, { ns: bookingNamespace }),
    Object.keys(service.durationOptions).length > 0 &&
      (Number.isFinite(hours) ? t("card.hours", { ns: bookingNamespace, count: hours }) : options.duration),
    service.guardMultiplier && t("options.guardsValue", { ns: bookingNamespace, count: options.guards }),
    withCar && t("card.withCar", { ns: bookingNamespace }),
    withCar && service.carPrices && options.carClass && label(options.carClass),
  ]
    .filter(Boolean)
    .join(" · ");
}

export type ServiceCardProps = {
  service: CatalogueService;
  /** The chosen options when selected; undefined when not. */
  options: ServiceOptions | undefined;
  /** The booking's day count, used to price an unselected card as it would be booked. */
  days: number;
  collapsed: boolean;
  /** ADR 222, 246: the buyer the prices are shown for (net for a company without Swedish VAT). */
  buyer: BuyerVat;
  onToggle(): void;
  onChange(patch: Partial<ServiceOptions>): void;
};

// Each service has its own icon, the landing page's (docs/product.md §1 lists five services on three price types).
function ServiceEmblem({ slug }: { slug: string }) {
  return (
    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-ink text-gold" aria-hidden="true">
      <ServiceIcon slug={slug} className="h-[22px] w-[22px]" strokeWidth={1.6} />
    </span>
  );
}

/** The Select/Remove button's id, so the page can give it focus again after the card moves list. */
export function serviceToggleId(serviceId: string) {
  return `service-${serviceId}-toggle`;
}

export function ServiceCard({ service, options, days, collapsed, buyer, onToggle, onChange }: ServiceCardProps) {
  const text = service;
  const { t, i18n } = useTranslation(bookingNamespace);
  const language = i18n.language;
  const selected = options !== undefined;
  const priced = options ?? { ...defaultOptions(service), days };
  const catalogue = servicePrice(service, priced);
  // ADR 246: every figure on the card as this buyer pays it, by the one rule (src/shared/buyer-vat.ts).
  const dailyCents = buyerAmount(catalogue.dailyCents, buyer);
  const price = { ...catalogue, dailyCents, totalCents: dailyCents * priced.days };
  const headingId = `service-${service.id}-title`;
  const unit = priceUnitText(service, priced, t);

  return (
    <article
      aria-labelledby={headingId}
      data-testid={`service-card-${service.slug}`}
      data-selected={selected}
      className={`rounded-xl border bg-white transition-shadow ${selected ? "border-gold shadow-[0_0_0_1px_var(--color-gold)]" : "border-ink-line/15 hover:shadow-md"}`}
    >
      <div className={`flex flex-col gap-4 p-4 sm:flex-row sm:p-6 ${collapsed ? "sm:items-center" : ""}`}>
        <div className="flex min-w-0 flex-1 gap-4">
          <ServiceEmblem slug={service.slug} />
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg leading-snug text-ink sm:text-xl">
              {text.title}
            </h3>
            <p className={`mt-1 text-sm leading-relaxed text-stone ${collapsed ? "line-clamp-2" : ""}`}>{text.description}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-row items-end justify-between gap-3 sm:flex-col sm:items-end sm:text-right">
          <div className="min-w-0">
            {/* ADR 248: the price charged, never beside a struck-through price or a 'save' badge. */}
            <p className="text-xl font-semibold text-ink tabular-nums" data-testid="service-daily-price">
              {formatMoney(price.dailyCents, language)}{" "}
              <span className="block text-xs font-normal tracking-wide text-stone sm:max-w-48">{unit}</span>
            </p>
            {selected && days > 1 && (
              <p className="text-xs text-stone">
                {t("card.priceForDays", { count: days, total: formatMoney(price.totalCents, language) })}
              </p>
            )}
          </div>
          <Button
            id={serviceToggleId(service.id)}
            variant={selected ? "outline" : "secondary"}
            size="sm"
            className={selected ? "text-ink" : undefined}
            aria-pressed={selected}
            aria-label={selected ? t("card.removeLabel", { title: text.title }) : t("card.selectLabel", { title: text.title })}
            onClick={onToggle}
          >
            {selected ? t("card.remove") : t("card.select")}
          </Button>
        </div>
      </div>
      {selected && <ServiceOptionsForm service={service} options={options} buyer={buyer} onChange={onChange} />}
    </article>
  );
}

function ServiceOptionsForm({
  service,
  options,
  buyer,
  onChange,
}: {
  service: CatalogueService;
  options: ServiceOptions;
  buyer: BuyerVat;
  onChange(patch: Partial<ServiceOptions>): void;
}) {
  const { t, i18n } = useTranslation(bookingNamespace);
  const text = service;
  const durations = Object.keys(service.durationOptions);
  const guardsText = t("options.guardsValue", { count: options.guards });
  const daysText = t("options.daysValue", { count: options.days });
  const label = (key: string) => {
    const full = `options.${key}`;
    return isTranslationKey(bookingNamespace, full) ? t(full) : key;
  };

  return (
    <div className="grid gap-4 border-t border-ink-line/10 bg-paper/60 p-4 sm:grid-cols-2 sm:p-6" data-testid="service-options">
      {service.type === "vip_residential" ? (
        <>
          {service.timeOfDayPrices && (
            <div className="sm:col-span-2">
              <ChoiceGroup
                legend={t("options.timeOfDay")}
                name={`${service.id}-time`}
                value={options.timeOfDay}
                choices={timesOfDay.map((value) => ({ value, label: label(value) }))}
                onChange={(timeOfDay) => onChange({ timeOfDay })}
              />
            </div>
          )}
          <ReadOnlyValue label={t("options.guards")} value={guardsText} />
          <ReadOnlyValue label={t("options.days")} value={daysText} note={t("options.readOnlyNote")} />
        </>
      ) : (
        <>
          {durations.length > 0 && (
            <div className="sm:col-span-2">
              <ChoiceGroup
                legend={t("options.duration")}
                name={`${service.id}-duration`}
                value={options.duration}
                choices={durations.map((value) => ({ value, label: label(value) }))}
                onChange={(duration) => onChange({ duration })}
              />
            </div>
          )}
          <NumberStepper
            label={t("options.guards")}
            value={options.guards}
            min={service.minGuards}
            max={service.maxGuards}
            valueText={guardsText}
            decreaseLabel={t("options.decreaseGuards", { title: text.title })}
            increaseLabel={t("options.increaseGuards", { title: text.title })}
            onChange={(guards) => onChange({ guards })}
          />
          {service.styleOptions.length > 0 && (
            <ChoiceGroup
              legend={t("options.style")}
              name={`${service.id}-style`}
              value={options.style}
              choices={service.styleOptions.map((value) => ({ value, label: label(value) }))}
              onChange={(style) => onChange({ style })}
            />
          )}
          {service.carOptions && (
            <ChoiceGroup
              legend={t("options.car")}
              name={`${service.id}-car`}
              value={options.car}
              choices={carChoices
                .filter((value) => service.carOptions && value in service.carOptions)
                .map((value) => ({ value, label: label(value) }))}
              onChange={(car) => onChange({ car })}
            />
          )}
          {service.carPrices && options.car === "with_car" && (
            // ADR 050 addendum: no class by default; each class says what it adds before it is picked.
            <ChoiceGroup<CarClass | typeof noCarClass>
              legend={t("options.carClass")}
              name={`${service.id}-car-class`}
              value={options.carClass ?? noCarClass}
              choices={[
                { value: noCarClass, label: t("options.noCarClass") },
                ...carClasses
                  .filter((value) => service.carPrices && value in service.carPrices)
                  .map((value) => ({
                    value,
                    label: t("options.carClassFee", {
                      label: label(value),
                      price: formatMoney(buyerAmount(carClassSurcharge(service, options, value), buyer), i18n.language),
                    }),
                  })),
              ]}
              onChange={(carClass) => onChange({ carClass: carClass === noCarClass ? undefined : carClass })}
            />
          )}
          <ReadOnlyValue label={t("options.days")} value={daysText} note={t("options.readOnlyNote")} />
        </>
      )}
    </div>
  );
}
