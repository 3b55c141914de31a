import type { Dispatch } from 'react';
import { CheckboxField, ChoiceGroup, SelectField } from './form-controls';
import {
  DISTRIBUTION_REGION_OPTIONS,
  MONETIZATION_OPTIONS,
  RIGHTS_TYPE_OPTIONS,
  type ReleaseDraft,
} from './release-draft';
import type { ReleaseFields, WizardAction } from './wizard-state';

interface StepProps {
  draft: ReleaseDraft;
  dispatch: Dispatch<WizardAction>;
}

/** Step 4: whose work it is, how it earns and where it goes (form values the spec does not send). */
export function RightsStep({ draft, dispatch }: StepProps) {
  function update(fields: ReleaseFields) {
    dispatch({ type: 'updateRelease', fields });
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <CheckboxField
        id="release-original-work"
        label="This is my original work"
        description="You wrote and recorded it, or hold the licence to release it."
        checked={draft.originalWork}
        onCheckedChange={(originalWork) => update({ originalWork })}
      />
      <ChoiceGroup
        name="rightsType"
        legend="Rights Type"
        options={RIGHTS_TYPE_OPTIONS}
        value={draft.rightsType}
        onChange={(rightsType) => update({ rightsType })}
      />
      <ChoiceGroup
        name="monetization"
        legend="Monetization"
        options={MONETIZATION_OPTIONS}
        value={draft.monetization}
        onChange={(monetization) => update({ monetization })}
      />
      <SelectField
        id="release-region"
        label="Distribution Region"
        options={DISTRIBUTION_REGION_OPTIONS}
        value={draft.distributionRegion}
        onChange={(event) =>
          update({ distributionRegion: event.target.value as ReleaseDraft['distributionRegion'] })
        }
      />
    </div>
  );
}
