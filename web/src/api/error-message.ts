const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';
const OFFLINE_MESSAGE = 'Could not reach Kora. Check your connection and try again.';
const API_ERROR_PATTERN = /^(\d{3}): ([\s\S]*)$/;

/**
 * Turns an error thrown by the API layer ('409: {"message":"…"}') into the sentence a
 * listener should read in a toast: the server's message, never raw JSON or an HTML page.
 */
export function getErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return FALLBACK_MESSAGE;
  // fetch rejects with a TypeError when the network is down, before any status exists.
  if (error.name === 'TypeError') return OFFLINE_MESSAGE;

  const match = API_ERROR_PATTERN.exec(error.message);
  if (!match) return FALLBACK_MESSAGE;
  const body = (match[2] ?? '').trim();

  const message = readMessageField(body);
  if (message) return message;
  if (body.startsWith('<') || body.startsWith('{') || body.length > 200) return FALLBACK_MESSAGE;
  return body || FALLBACK_MESSAGE;
}

function readMessageField(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    return null;
  }
  return null;
}
