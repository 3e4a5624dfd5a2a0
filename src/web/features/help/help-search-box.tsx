import { Search, X } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { helpNamespace } from "./help-copy.ts";
import { searchHelp, type FaqEntry } from "./help-search.ts";

export type HelpSearchBoxProps = {
  entries: readonly FaqEntry[];
  /** Called with the index of the picked question (docs/product.md §2: it opens and the search clears). */
  onPick(index: number): void;
};

/** docs/product.md §2 help search: 'How can we help?' with a clear button and up to 5 suggestions. */
export function HelpSearchBox({ entries, onPick }: HelpSearchBoxProps) {
  const { t } = useTranslation(helpNamespace);
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = `help-suggestions-${useId().replace(/:/g, "")}`;
  const matches = searchHelp(entries, query);
  const hasQuery = query.trim().length > 0;
  const open = hasQuery && !dismissed;

  function pick(index: number) {
    setQuery("");
    setActiveIndex(-1);
    onPick(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && matches.length > 0) {
      event.preventDefault();
      setDismissed(false);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (index < 0 && step < 0 ? matches.length - 1 : (index + step + matches.length) % matches.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = open ? matches[activeIndex >= 0 ? activeIndex : 0] : undefined;
      if (chosen !== undefined) pick(chosen);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setDismissed(true);
      setActiveIndex(-1);
    }
  }

  return (
    <div className="relative" role="search">
      <label htmlFor="help-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-stone" aria-hidden="true" />
      <input
        ref={inputRef}
        id="help-search"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={open && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined}
        autoComplete="off"
        className="field-input min-h-14 rounded-lg pr-14 pl-12 text-base"
        placeholder={t("placeholder")}
        value={query}
        maxLength={100}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(-1);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissed(true)}
        onFocus={() => setDismissed(false)}
        data-testid="help-search"
      />
      {query && (
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-1.5 -translate-y-1/2"
          onClick={() => {
            setQuery("");
            setActiveIndex(-1);
            inputRef.current?.focus();
          }}
          aria-label={t("clear")}
          data-testid="help-search-clear"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </Button>
      )}
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("suggestions")}
        hidden={!open || matches.length === 0}
        className="absolute top-full right-0 left-0 z-30 mt-2 overflow-hidden rounded-lg border border-ink-line/20 bg-white py-1 text-left text-ink shadow-2xl"
      >
        {matches.map((entryIndex, position) => (
          <li
            key={entryIndex}
            id={`${listboxId}-${position}`}
            role="option"
            aria-selected={position === activeIndex}
            className={`cursor-pointer px-4 py-3 text-sm ${position === activeIndex ? "bg-gold/20" : "hover:bg-gold/10"}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(entryIndex)}
            onMouseEnter={() => setActiveIndex(position)}
          >
            {entries[entryIndex]?.question}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p className="absolute top-full right-0 left-0 z-30 mt-2 rounded-lg border border-ink-line/20 bg-white px-4 py-3 text-left text-sm text-stone shadow-2xl">
          {t("noMatches")}
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {open ? (matches.length > 0 ? t("matchCount", { count: matches.length }) : t("noMatches")) : ""}
      </p>
    </div>
  );
}
