import type { OfflineLicenceResponse, OfflineLicencePublicKey } from '@kora/contracts';
import { Forbidden } from '../../http/errors.js';
import { DOWNLOADS_PREMIUM_MESSAGE } from '../songs/download-route.js';
import type { ListenerSubscription } from '../subscription/listener-plan.js';
import { resolveListenerPlan } from '../subscription/listener-plan.js';
import { signOfflineLicence } from './licence-signer.js';
import type { SigningKeyStore } from './signing-keys.js';

/** The name of the key pair offline licences are signed with (signing_keys.name). */
export const OFFLINE_LICENCE_KEY_NAME = 'offline-licence';

type Deps = {
  keys: SigningKeyStore;
  findSubscription: (userId: number) => Promise<ListenerSubscription | undefined>;
  /** The clock licences are dated by (tests move it). */
  now?: () => Date;
};

/**
 * Offline licences: downloads play with no network only while a licence the server signed is
 * unexpired, and one is issued (or renewed, by asking again) only to a listener on Premium now, by
 * the same rule streams and downloads apply.
 */
export function createOfflineLicenceService({ keys, findSubscription, now = () => new Date() }: Deps) {
  return {
    async issueLicence(userId: number): Promise<OfflineLicenceResponse> {
      const at = now();
      if (resolveListenerPlan((await findSubscription(userId)) ?? null, at) !== 'premium') throw new Forbidden(DOWNLOADS_PREMIUM_MESSAGE);
      const { privateJwk } = await keys.keyPair(OFFLINE_LICENCE_KEY_NAME);
      return signOfflineLicence(privateJwk, userId, at);
    },

    /** The public key's members WebCrypto imports, and nothing else of the stored row. */
    async publicKey(): Promise<OfflineLicencePublicKey> {
      const { publicJwk } = await keys.keyPair(OFFLINE_LICENCE_KEY_NAME);
      return { kty: 'EC', crv: 'P-256', x: String(publicJwk.x), y: String(publicJwk.y) };
    },
  };
}
export type OfflineLicenceService = ReturnType<typeof createOfflineLicenceService>;
