import { Search } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function SearchPage() {
  return (
    <ComingSoon title="Search" icon={Search}>
      Search is coming to Kora soon.
    </ComingSoon>
  );
}
