import { PRODUCT_NAME } from '@kora/contracts';
import { ArrowRight, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';

/**
 * The Library's Upload dialog (spec section 2). Adding a song straight to the library ships with
 * the upload release; until then the dialog says so plainly and points to the Upload page.
 */
export function UploadDialog() {
  const [open, setOpen] = useState(false);

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Upload Music"
      description="Add your own songs to your library."
      trigger={
        <Button variant="outline" size="sm">
          {/* Without the icon on a phone, so the page title keeps its room beside the Back button. */}
          <Upload aria-hidden className="max-sm:hidden" />
          Upload
        </Button>
      }
    >
      <p className="text-sm text-ink-muted">
        Uploading songs from your library is coming with {PRODUCT_NAME}'s upload release: choose an audio file, give it
        a title and an artist, and it joins your library, ready to play and to add to your playlists.
      </p>
      <p className="text-sm text-ink-muted">
        Releasing a single, an EP or an album will start from the Upload page.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button asChild>
          <Link to="/upload" onClick={() => setOpen(false)}>
            Go to Upload
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </Modal>
  );
}
