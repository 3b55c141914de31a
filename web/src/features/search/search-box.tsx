import { SEARCH_QUERY_MAX_LENGTH } from '@kora/contracts';
import { LoaderCircle, Search } from 'lucide-react';
import type { FormEvent } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  isSearching: boolean;
}

export function SearchBox({ value, onChange, onSubmit, isSearching }: SearchBoxProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-subtle" />
      <input
        type="search"
        name="q"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label="Search songs and artists"
        placeholder="Songs, artists or genres"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        className="h-12 w-full rounded-full border border-line-strong bg-surface pr-12 pl-12 text-base text-ink placeholder:text-ink-subtle focus:border-gold-400 focus:outline-none"
      />
      {isSearching && (
        <span role="status" className="absolute top-1/2 right-4 -translate-y-1/2 text-ink-subtle">
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
          <span className="sr-only">Searching...</span>
        </span>
      )}
    </form>
  );
}
