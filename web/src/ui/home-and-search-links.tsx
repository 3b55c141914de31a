import { Home, Search } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './button';

/** The two ways out of a not-found screen: home and search. */
export function HomeAndSearchLinks({ homeLabel }: { homeLabel: string }) {
  return (
    <>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden />
          {homeLabel}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/search">
          <Search aria-hidden />
          Search Music
        </Link>
      </Button>
    </>
  );
}
