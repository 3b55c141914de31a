import { DATA_EXPORT_TOKEN_PARAM } from '@kora/contracts';
import { Download, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { downloadDataExport } from './api';

type DownloadState = { kind: 'idle' } | { kind: 'downloading' } | { kind: 'done' } | { kind: 'refused'; message: string };

/**
 * Where the e-mailed link leads (/account/export#token=…), signed in only: a signed-out visitor signs
 * in first and comes back here with the link. The server decides whether the link is this account's,
 * unused and in time, and says why not; the download starts only when the listener asks.
 */
export function ExportDownloadPage() {
  const token = new URLSearchParams(useLocation().hash.slice(1)).get(DATA_EXPORT_TOKEN_PARAM);
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });

  async function handleDownload() {
    if (!token) return;
    setState({ kind: 'downloading' });
    try {
      await downloadDataExport(token);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'refused', message: getErrorMessage(error) });
    }
  }

  return (
    <div className="mx-auto grid max-w-xl gap-5 px-4 py-8">
      <PageTitle title="Your data" />
      <div className="flex items-center gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-gold-400/15 text-gold-400">
          <FileArchive aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-bold">Your data</h1>
      </div>
      {!token ? (
        <p role="alert" className="text-ink-muted">
          This page opens from the link we e-mail you. Ask for a copy of your data in Settings, under Your data.
        </p>
      ) : state.kind === 'done' ? (
        <p role="status" className="rounded-control bg-raised px-3 py-2 text-ink">
          Your download has started. The link has now been used and the copy is deleted from our servers; ask for a new one
          in Settings whenever you like.
        </p>
      ) : (
        <>
          <p className="text-ink-muted">
            A ZIP file of JSON files with your profile, settings, playlists, likes, follows, plays, uploads, payments and
            notifications. The link works once: download it on the device where you want to keep it.
          </p>
          {state.kind === 'refused' && (
            <p role="alert" className="rounded-control bg-coral-900 px-3 py-2 text-sm text-coral-300">
              {state.message}
            </p>
          )}
          <Button className="justify-self-start" disabled={state.kind === 'downloading'} onClick={() => void handleDownload()}>
            <Download aria-hidden />
            {state.kind === 'downloading' ? 'Downloading…' : 'Download my data'}
          </Button>
        </>
      )}
    </div>
  );
}
