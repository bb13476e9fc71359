import { describe, expect, it } from 'vitest';
import { avatarInitial } from './user-avatar';

describe('avatarInitial', () => {
  it('takes the name first, then the e-mail', () => {
    expect(avatarInitial('ana souza', 'x@y.z')).toBe('A');
    expect(avatarInitial('  ', 'bruno@cena.app')).toBe('B');
    expect(avatarInitial(null, undefined)).toBe('?');
    expect(avatarInitial('élis', '')).toBe('É');
  });
});
