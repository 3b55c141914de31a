// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getErrorMessage } from './error-message';
import { isAbortError, postFormWithProgress } from './upload-request';

/** A stand-in for the browser's XMLHttpRequest: the test plays the server's part. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  body: unknown = null;
  aborted = false;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  readonly upload = new EventTarget();

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
    this.emit('loadend');
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({});
  }
  respond(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.emit('load');
    this.emit('loadend');
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
}

function current(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('postFormWithProgress', () => {
  it('POSTs the form with credentials, reports progress and resolves with the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const form = new FormData();
    form.append('title', 'Essence');
    const onProgress = vi.fn();

    const result = postFormWithProgress<{ success: boolean }>('/api/upload', form, { onProgress });
    const request = current();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.body).toBe(form);

    request.progress(50, 200);
    request.progress(200, 200);
    request.respond(201, '{"success":true}');

    await expect(result).resolves.toEqual({ success: true });
    expect(onProgress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 200, total: 200 }]]);
  });

  it("rejects a non-OK answer with 'status: body', as the fetch calls do", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = postFormWithProgress('/api/upload', new FormData());
    current().respond(415, '{"message":"This file is not audio."}');

    await expect(result).rejects.toThrow('415: {"message":"This file is not audio."}');
    await result.catch((error: unknown) => expect(getErrorMessage(error)).toBe('This file is not audio.'));
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = postFormWithProgress('/api/upload', new FormData());
    current().respond(502, '', 'Bad Gateway');
    await expect(result).rejects.toThrow('502: Bad Gateway');
  });

  it('turns a network failure into a TypeError, which reads as "offline"', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = postFormWithProgress('/api/upload', new FormData());
    current().emit('error');
    await expect(result).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts the transfer when the signal fires, and rejects with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const result = postFormWithProgress('/api/upload', new FormData(), { signal: controller.signal });
    controller.abort();

    expect(current().aborted).toBe(true);
    const error = await result.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
  });

  it('sends nothing when the signal has already fired', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    controller.abort();
    const error = await postFormWithProgress('/api/upload', new FormData(), { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(isAbortError(error)).toBe(true);
    expect(FakeXhr.last).toBeNull();
  });
});
