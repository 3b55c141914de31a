// @vitest-environment node
import type { User } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { currentUserOrKept, KEPT_USER_KEY, keepUser, readKeptUser } from './kept-user';

const ada: User = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  bio: null,
  phone: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  emailConfirmed: true,
  emailConfirmationNeeded: false,
};

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('the listener kept for opening offline', () => {
  it("keeps the server's answer and uses it when the next request gets no answer at all", async () => {
    const storage = memoryStorage();
    expect(await currentUserOrKept(async () => ada, storage)).toEqual(ada);
    expect(JSON.parse(storage.map.get(KEPT_USER_KEY)!)).toEqual(ada);

    // fetch() rejects with a TypeError when there is no network.
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await currentUserOrKept(offline, storage)).toEqual(ada);
  });

  it('forgets the kept listener on a 401, so the next offline start is signed out', async () => {
    const storage = memoryStorage({ [KEPT_USER_KEY]: JSON.stringify(ada) });
    expect(await currentUserOrKept(async () => null, storage)).toBeNull();
    expect(storage.map.has(KEPT_USER_KEY)).toBe(false);

    const offline = new TypeError('Failed to fetch');
    await expect(currentUserOrKept(async () => Promise.reject(offline), storage)).rejects.toBe(offline);
  });

  it('throws HTTP errors and cancellations as before, even with a kept listener', async () => {
    const storage = memoryStorage({ [KEPT_USER_KEY]: JSON.stringify(ada) });
    const serverError = new Error('500: Internal Server Error');
    await expect(currentUserOrKept(async () => Promise.reject(serverError), storage)).rejects.toBe(serverError);
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    await expect(currentUserOrKept(async () => Promise.reject(aborted), storage)).rejects.toBe(aborted);
    // A failed request leaves the kept listener as it was.
    expect(readKeptUser(storage)).toEqual(ada);
  });

  it('ignores a stored value that is not a listener (broken JSON, another shape)', () => {
    expect(readKeptUser(memoryStorage({ [KEPT_USER_KEY]: '{not json' }))).toBeNull();
    expect(readKeptUser(memoryStorage({ [KEPT_USER_KEY]: JSON.stringify({ id: '7', firstName: 'Ada' }) }))).toBeNull();
    expect(readKeptUser(memoryStorage({ [KEPT_USER_KEY]: JSON.stringify({ ...ada, bio: 3 }) }))).toBeNull();
    expect(readKeptUser(memoryStorage())).toBeNull();
  });

  it('keeps working when storage refuses writes', async () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(() => keepUser(full, ada)).not.toThrow();
    expect(await currentUserOrKept(async () => ada, full)).toEqual(ada);
  });
});
