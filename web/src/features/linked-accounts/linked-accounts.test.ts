import { describe, expect, it } from 'vitest';
import {
  LINKED_ACCOUNT_PROVIDERS,
  checkIdentity,
  connectAccount,
  describeLinkedAccount,
  disconnectAccount,
  parseLinkedAccounts,
} from './linked-accounts';

const provider = (id: string) => LINKED_ACCOUNT_PROVIDERS.find((candidate) => candidate.id === id)!;

describe('linked account services', () => {
  it("lists the spec's eight services with the identity each asks for", () => {
    expect(LINKED_ACCOUNT_PROVIDERS.map((entry) => [entry.name, entry.identity])).toEqual([
      ['Google', 'email'],
      ['Instagram', 'username'],
      ['TikTok', 'username'],
      ['YouTube', 'channel'],
      ['X', 'username'],
      ['Spotify', 'username'],
      ['Apple ID', 'email'],
      ['Facebook', 'username'],
    ]);
  });
});

describe('checkIdentity', () => {
  it('accepts an e-mail, a username (without its @) and a channel, trimmed', () => {
    expect(checkIdentity('email', '  kemi@example.com ')).toEqual({ ok: true, value: 'kemi@example.com' });
    expect(checkIdentity('username', '@kemi_sings')).toEqual({ ok: true, value: 'kemi_sings' });
    expect(checkIdentity('channel', ' Kemi Sings Live ')).toEqual({ ok: true, value: 'Kemi Sings Live' });
  });

  it('refuses empty, malformed and overlong values with a message', () => {
    expect(checkIdentity('email', '   ')).toEqual({ ok: false, message: 'Please enter your e-mail.' });
    expect(checkIdentity('username', '@')).toEqual({ ok: false, message: 'Please enter your username.' });
    expect(checkIdentity('email', 'kemi@')).toMatchObject({ ok: false });
    expect(checkIdentity('username', 'kemi sings')).toMatchObject({ ok: false });
    expect(checkIdentity('channel', 'x'.repeat(101))).toMatchObject({ ok: false });
  });
});

describe('connect and disconnect', () => {
  it('connects with the identity its service uses and disconnects again', () => {
    const connected = connectAccount({}, provider('youtube'), 'Kemi Sings');
    expect(connected).toEqual({ youtube: { connected: true, channel: 'Kemi Sings' } });
    expect(describeLinkedAccount(provider('youtube'), connected.youtube)).toBe('Kemi Sings');
    const both = connectAccount(connected, provider('x'), 'kemi');
    expect(describeLinkedAccount(provider('x'), both.x)).toBe('@kemi');
    expect(disconnectAccount(both, 'youtube')).toEqual({ x: { connected: true, username: 'kemi' } });
    expect(describeLinkedAccount(provider('youtube'), undefined)).toBeNull();
  });
});

describe('parseLinkedAccounts', () => {
  it('reads back what was stored', () => {
    const accounts = connectAccount(connectAccount({}, provider('google'), 'kemi@example.com'), provider('spotify'), 'kemi');
    expect(parseLinkedAccounts(JSON.stringify(accounts))).toEqual(accounts);
  });

  it('drops unknown services, wrong identities and corrupt data', () => {
    expect(parseLinkedAccounts(null)).toEqual({});
    expect(parseLinkedAccounts('{not json')).toEqual({});
    expect(parseLinkedAccounts('[1]')).toEqual({});
    expect(
      parseLinkedAccounts(
        JSON.stringify({
          myspace: { connected: true, username: 'kemi' },
          google: { connected: true, username: 'kemi' },
          apple: { connected: true, email: 'not-an-email' },
          tiktok: { connected: false, username: 'kemi' },
          facebook: { connected: true, username: 'kemi.a' },
        }),
      ),
    ).toEqual({ facebook: { connected: true, username: 'kemi.a' } });
  });
});
