import { History } from 'lucide-react';
import { Section } from '../../ui/section';

interface RecentSearchListProps {
  searches: string[];
  onPick: (query: string) => void;
}

export function RecentSearchList({ searches, onPick }: RecentSearchListProps) {
  return (
    <Section title="Recent searches">
      {searches.length === 0 ? (
        <p className="text-sm text-ink-subtle">No recent searches</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {searches.map((query) => (
            <li key={query} className="min-w-0 max-w-full">
              <button
                type="button"
                onClick={() => onPick(query)}
                className="flex h-11 max-w-full items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm text-ink-muted transition-colors hover:border-line-strong hover:text-ink md:h-10"
              >
                <History aria-hidden className="size-4 shrink-0" />
                <span className="truncate">{query}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
