import type { BodyOf } from '@gatekeeper/contract/lite';
import { callApi } from './client';

/**
 * Records a referral event (docs/product.md#updateref: donated / downloaded), fire and forget: nothing the
 * visitor does waits for it or hears of its failure, and it survives the page navigating away.
 */
export const recordRefEvent = (type: BodyOf<'updateRef'>['type']): void => {
  callApi('updateRef', { body: { type }, keepalive: true }).catch(() => undefined);
};
