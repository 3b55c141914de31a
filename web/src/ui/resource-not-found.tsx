import { Home, Search, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PageTitle } from './page-title';

/** The not-found screen of a page whose id names nothing (the API answered 404). */
export function ResourceNotFound({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageTitle title={title} />
      <EmptyState icon={SearchX} title={title} description={description} as="h1">
        <Button asChild>
          <Link to="/">
            <Home aria-hidden />
            Go Home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/search">
            <Search aria-hidden />
            Search Music
          </Link>
        </Button>
      </EmptyState>
    </div>
  );
}
