/** How each service knows the listener (spec section 3): an e-mail, a username or a channel. */
export type IdentityKind = 'email' | 'username' | 'channel';

export const LINKED_ACCOUNT_PROVIDERS = [
  { id: 'google', name: 'Google', identity: 'email' },
  { id: 'instagram', name: 'Instagram', identity: 'username' },
  { id: 'tiktok', name: 'TikTok', identity: 'username' },
  { id: 'youtube', name: 'YouTube', identity: 'channel' },
  { id: 'x', name: 'X', identity: 'username' },
  { id: 'spotify', name: 'Spotify', identity: 'username' },
  { id: 'apple', name: 'Apple ID', identity: 'email' },
  { id: 'facebook', name: 'Facebook', identity: 'username' },
] as const satisfies ReadonlyArray<{ id: string; name: string; identity: IdentityKind }>;

export type LinkedAccountProvider = (typeof LINKED_ACCOUNT_PROVIDERS)[number];
export type ProviderId = LinkedAccountProvider['id'];

/** A connected account: the connected flag plus the one identity its service uses. */
export type LinkedAccount = { connected: true } & Partial<Record<IdentityKind, string>>;
export type LinkedAccounts = Partial<Record<ProviderId, LinkedAccount>>;

/** Local only (spec section 2): nothing here is sent to Kora's server or to the services. */
export const LINKED_ACCOUNTS_STORAGE_KEY = 'kora-linked-accounts';

export const IDENTITY_LABELS: Record<IdentityKind, string> = {
  email: 'E-mail',
  username: 'Username',
  channel: 'Channel',
};

const IDENTITY_MAX_LENGTH = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type IdentityCheck = { ok: true; value: string } | { ok: false; message: string };

/** The identity as it is kept (usernames without a leading @), or what is wrong with it. */
export function checkIdentity(kind: IdentityKind, input: string): IdentityCheck {
  const trimmed = input.trim();
  const value = kind === 'username' ? trimmed.replace(/^@+/, '') : trimmed;
  if (!value) return { ok: false, message: `Please enter your ${IDENTITY_LABELS[kind].toLowerCase()}.` };
  if (value.length > IDENTITY_MAX_LENGTH) {
    return { ok: false, message: `${IDENTITY_LABELS[kind]} must be at most ${IDENTITY_MAX_LENGTH} characters.` };
  }
  if (kind === 'email' && !EMAIL_PATTERN.test(value)) return { ok: false, message: 'Please enter a valid e-mail address.' };
  if (kind === 'username' && /\s/.test(value)) return { ok: false, message: 'A username has no spaces.' };
  return { ok: true, value };
}

/** How a connected account reads in the list: '@kemi', 'kemi@example.com' or the channel's name. */
export function describeLinkedAccount(provider: LinkedAccountProvider, account: LinkedAccount | undefined): string | null {
  const value = account?.[provider.identity];
  if (!value) return null;
  return provider.identity === 'username' ? `@${value}` : value;
}

/** The stored accounts, keeping only well-formed entries of known services. */
export function parseLinkedAccounts(raw: string | null): LinkedAccounts {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const record = stored as Record<string, unknown>;
  const accounts: LinkedAccounts = {};
  for (const provider of LINKED_ACCOUNT_PROVIDERS) {
    const entry = record[provider.id];
    if (typeof entry !== 'object' || entry === null) continue;
    const { connected } = entry as { connected?: unknown };
    const identity = (entry as Record<string, unknown>)[provider.identity];
    if (connected !== true || typeof identity !== 'string') continue;
    const check = checkIdentity(provider.identity, identity);
    if (check.ok) accounts[provider.id] = { connected: true, [provider.identity]: check.value };
  }
  return accounts;
}

export function connectAccount(accounts: LinkedAccounts, provider: LinkedAccountProvider, value: string): LinkedAccounts {
  return { ...accounts, [provider.id]: { connected: true, [provider.identity]: value } };
}

export function disconnectAccount(accounts: LinkedAccounts, providerId: ProviderId): LinkedAccounts {
  const { [providerId]: _removed, ...rest } = accounts;
  return rest;
}
