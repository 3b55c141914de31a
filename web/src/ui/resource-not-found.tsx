import { SearchX } from 'lucide-react';
import { EmptyState } from './empty-state';
import { HomeAndSearchLinks } from './home-and-search-links';
import { PageTitle } from './page-title';

/** The not-found screen of a page whose id names nothing (the API answered 404). */
export function ResourceNotFound({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageTitle title={title} />
      <EmptyState icon={SearchX} title={title} description={description} as="h1">
        <HomeAndSearchLinks homeLabel="Go Home" />
      </EmptyState>
    </div>
  );
}
