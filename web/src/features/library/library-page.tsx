import { Library } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function LibraryPage() {
  return (
    <ComingSoon title="Your Library" icon={Library}>
      Your library is coming to Kora soon: liked songs, playlists and artists in one place.
    </ComingSoon>
  );
}
