import { Disc3 } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function AlbumPage() {
  return (
    <ComingSoon title="Album" icon={Disc3}>
      Album pages are coming to Kora soon.
    </ComingSoon>
  );
}
