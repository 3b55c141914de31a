import type { AccountDeletion, DataExportState, DeleteAccountRequest } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';

/** GET /api/account/data-export: asked again each time "Your data" opens, and every few seconds while a copy is made. */
export const dataExportQuery = queryOptions<DataExportState>({ queryKey: ['/api/account/data-export'], staleTime: 0 });

/** While the job makes the copy: a few seconds apart, so "preparing" turns into "e-mail sent" on its own. */
export const PREPARING_POLL_MS = 3_000;

/** POST /api/account/data-export: the copy is made in the background and its link e-mailed. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/account/data-export')).json()) as DataExportState,
    onSuccess: (state) => queryClient.setQueryData(dataExportQuery.queryKey, state),
    onError: (error) => {
      toast({ title: 'Could not prepare your data', description: getErrorMessage(error), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: dataExportQuery.queryKey });
    },
  });
}

/** POST /api/account/delete: on success the server has signed this device out with every other. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: DeleteAccountRequest) => (await (await apiRequest('POST', '/api/account/delete', body)).json()) as AccountDeletion,
  });
}

/**
 * POST /api/account/data-export/download with the link's token: the ZIP, saved by the browser under
 * the server's file name. The token goes in the body, so it is never in a URL the browser keeps.
 */
export async function downloadDataExport(token: string): Promise<void> {
  const response = await apiRequest('POST', '/api/account/data-export/download', { token });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'kora-data.zip';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** "7 March 2026, 13:05" in the listener's time zone. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
