import { Disc3 } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function DiscographyPage() {
  return (
    <ComingSoon title="Discography" icon={Disc3}>
      Complete discographies are coming to Kora soon.
    </ComingSoon>
  );
}
