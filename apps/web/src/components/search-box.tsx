import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@ritim/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';
import { inputClass } from './ui';

interface SearchBoxProps {
  /** The search applied now (the URL's q). */
  value: string;
  /** Called with the term to apply, or undefined to remove the search. */
  onSearch: (term: string | undefined) => void;
}

/**
 * A search applies SEARCH_DEBOUNCE_MS after the last keystroke, and only when it has at least
 * SEARCH_MIN_CHARS characters; an empty box removes the search (docs/product.md §5). Enter applies at once.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [appliedValue, setAppliedValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL changed from outside (back button, a link): show what it says.
  if (value !== appliedValue) {
    setAppliedValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (raw: string) => {
    const term = raw.trim();
    if (term === '') onSearch(undefined);
    else if (term.length >= SEARCH_MIN_CHARS) onSearch(term);
  };

  const trimmedLength = text.trim().length;
  const tooShort = trimmedLength > 0 && trimmedLength < SEARCH_MIN_CHARS;

  return (
    <form
      role="search"
      className="w-full sm:max-w-xs"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        apply(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('list.search')}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={t('list.searchPlaceholder')}
          autoComplete="off"
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          className={`${inputClass} pl-9`}
          data-testid="list-search"
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      {tooShort && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {t('list.searchHint', { count: SEARCH_MIN_CHARS })}
        </p>
      )}
    </form>
  );
}
