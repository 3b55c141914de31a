import { describe, expect, it } from 'vitest';
import { canSendSupportRequest } from './support-request';

describe('support requests', () => {
  it('go ahead only when text is entered', () => {
    expect(canSendSupportRequest('')).toBe(false);
    expect(canSendSupportRequest('  \n ')).toBe(false);
    expect(canSendSupportRequest('My downloads stopped')).toBe(true);
  });
});
