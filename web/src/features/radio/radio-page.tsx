import { PageTitle } from '../../ui/page-title';
import { PAGE_LISTENERS } from './radio-demo';
import { RadioPanel } from './radio-panel';
import { useRadioDemo } from './use-radio-demo';

/** /radio (spec section 2): the live radio demo, local to this device. */
export function RadioPage() {
  const radio = useRadioDemo(PAGE_LISTENERS);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title="Radio" />
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Radio</h1>
        <p className="mt-2 text-ink-muted">Go live and see who would tune in.</p>
      </div>
      <RadioPanel radio={radio} />
    </div>
  );
}
