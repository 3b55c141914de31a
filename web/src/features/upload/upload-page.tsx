import { PageTitle } from '../../ui/page-title';
import { ConfirmEmailNotice } from '../account-email/confirm-email-notice';
import { useAuth } from '../auth/use-auth';
import { MyReleases } from '../releases/my-releases';
import { ReleaseWizard } from './release-wizard';

/** /upload: the release wizard, and below it the listener's releases as they are processed and reviewed. */
export function UploadPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-8 px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title="Upload" />
      <header className="grid gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Upload Your Music</h1>
        <p className="text-sm text-ink-muted">Release a single, an EP or an album in five steps.</p>
      </header>
      {/* The server takes uploads only from a confirmed address (features/account-email). */}
      {user?.emailConfirmationNeeded ? <ConfirmEmailNotice user={user} purpose="upload music" /> : <ReleaseWizard />}
      <MyReleases />
    </div>
  );
}
