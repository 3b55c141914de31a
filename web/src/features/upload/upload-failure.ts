import { UPLOAD_FAILED_MESSAGE } from '@kora/contracts';

const CLIENT_ERROR_PATTERN = /^4\d\d: ([\s\S]*)$/;

/**
 * The toast text of a failed upload: the spec's sentence, unless the server refused the input
 * with a reason the listener can act on (a 4xx `{message}` such as "This file is not audio").
 * A 401 means the session ended, which the sentence covers.
 */
export function describeUploadFailure(error: unknown): string {
  if (!(error instanceof Error) || error.message.startsWith('401:')) return UPLOAD_FAILED_MESSAGE;
  const body = CLIENT_ERROR_PATTERN.exec(error.message)?.[1];
  return (body && readMessage(body)) || UPLOAD_FAILED_MESSAGE;
}

function readMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message.trim() || null;
    }
  } catch {
    return null;
  }
  return null;
}
