import { Radio } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function RadioPage() {
  return (
    <ComingSoon title="Radio" icon={Radio}>
      Radio is coming to Kora soon.
    </ComingSoon>
  );
}
