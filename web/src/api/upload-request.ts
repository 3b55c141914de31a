/** Bytes of the request body sent so far, as the browser reports them. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadRequestOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting stops the transfer; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form and resolves with the JSON answer. XMLHttpRequest rather than fetch,
 * because only it reports upload progress. Errors read like the fetch calls' (spec section 8):
 * `Error('{status}: {body text or status text}')`; a network failure is a TypeError, as fetch's is.
 */
export function postFormWithProgress<T>(url: string, form: FormData, options: UploadRequestOptions = {}): Promise<T> {
  const { onProgress, signal } = options;

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;

    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }

    function handleAbort() {
      request.abort();
    }
    signal?.addEventListener('abort', handleAbort, { once: true });

    request.addEventListener('loadend', () => signal?.removeEventListener('abort', handleAbort));
    request.addEventListener('abort', () => reject(abortError()));
    request.addEventListener('error', () => reject(new TypeError('Network request failed')));
    request.addEventListener('timeout', () => reject(new TypeError('Network request timed out')));
    request.addEventListener('load', () => {
      const bodyText = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(`${request.status}: ${bodyText || request.statusText}`));
        return;
      }
      try {
        resolve(JSON.parse(bodyText) as T);
      } catch {
        reject(new Error(`${request.status}: The answer was not JSON.`));
      }
    });

    request.send(form);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was canceled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
