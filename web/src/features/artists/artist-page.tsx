import { Mic2 } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function ArtistPage() {
  return (
    <ComingSoon title="Artist" icon={Mic2}>
      Artist pages are coming to Kora soon.
    </ComingSoon>
  );
}
