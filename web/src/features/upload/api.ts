import { UPLOAD_SUCCESS_MESSAGE, type UploadResponse } from '@kora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isAbortError, postFormWithProgress } from '../../api/upload-request';
import { toast } from '../../ui/use-toast';
import { refreshAfterUpload } from '../releases/api';
import type { ReleaseDraft } from './release-draft';
import { describeUploadFailure } from './upload-failure';
import { buildLibraryUploadForm, buildReleaseForm, type LibraryUploadValues, type UploadFilePart } from './upload-forms';

/** An upload under way: its files in body order and the bytes of the body sent so far. */
export interface UploadState {
  files: UploadFilePart[];
  loaded: number;
  total: number;
}

/** Sends one multipart form at a time with its progress, and lets the listener cancel it. */
function useProgressUpload() {
  const [state, setState] = useState<UploadState | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const send = useCallback(async (url: string, { form, files }: { form: FormData; files: UploadFilePart[] }) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const total = files.reduce((sum, part) => sum + part.file.size, 0);
    setState({ files, loaded: 0, total });
    try {
      return await postFormWithProgress<UploadResponse>(url, form, {
        signal: controller.signal,
        onProgress: (progress) => setState({ files, ...progress }),
      });
    } finally {
      controllerRef.current = null;
      setState(null);
    }
  }, []);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  return { state, send, cancel };
}

function showUploadFailure(error: unknown) {
  if (isAbortError(error)) {
    toast({ title: 'Upload canceled' });
    return;
  }
  toast({ title: 'Error', description: describeUploadFailure(error), variant: 'destructive' });
}

/**
 * POST /api/upload-music: the wizard's release. The toasts and refreshes live on the mutation,
 * so they still happen when the listener leaves the page while the files are on their way.
 */
export function useReleaseUpload() {
  const queryClient = useQueryClient();
  const { state, send, cancel } = useProgressUpload();
  const mutation = useMutation({
    mutationFn: (draft: ReleaseDraft) => send('/api/upload-music', buildReleaseForm(draft)),
    onSuccess: (_response, draft) => {
      toast({ title: 'Success', description: `Your ${draft.releaseType} has been uploaded successfully!` });
      void refreshAfterUpload(queryClient);
    },
    onError: showUploadFailure,
  });
  return { upload: mutation.mutate, isPending: mutation.isPending, progress: state, cancel };
}

/** POST /api/upload: the Library's single song (spec section 3). */
export function useLibraryUpload() {
  const queryClient = useQueryClient();
  const { state, send, cancel } = useProgressUpload();
  const mutation = useMutation({
    mutationFn: (values: LibraryUploadValues & { audioFile: File }) => send('/api/upload', buildLibraryUploadForm(values)),
    onSuccess: () => {
      toast({ title: 'Success', description: UPLOAD_SUCCESS_MESSAGE });
      void refreshAfterUpload(queryClient);
    },
    onError: showUploadFailure,
  });
  return { upload: mutation.mutate, isPending: mutation.isPending, progress: state, cancel };
}
