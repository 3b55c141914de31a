import { ListMusic } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function PlaylistPage() {
  return (
    <ComingSoon title="Playlist" icon={ListMusic}>
      Playlist pages are coming to Kora soon.
    </ComingSoon>
  );
}
