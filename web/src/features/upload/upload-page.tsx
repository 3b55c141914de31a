import { Upload } from 'lucide-react';
import { ComingSoon } from '../shell/coming-soon';

export function UploadPage() {
  return (
    <ComingSoon title="Upload" icon={Upload}>
      Uploading is coming to Kora soon: singles, EPs and albums, reviewed in 24 to 48 hours.
    </ComingSoon>
  );
}
