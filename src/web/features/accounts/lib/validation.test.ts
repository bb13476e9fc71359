import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { signUpFormSchema } from './form-schemas';
import { googleReturnPath, groupSecret, isEmail, redirectTarget, totpSecret } from './validation';

describe('accounts validation', () => {
  it('accepts plausible e-mails only', () => {
    expect(isEmail('ana@cena.app')).toBe(true);
    expect(isEmail(' ana@cena.app ')).toBe(true);
    expect(isEmail('ana@cena')).toBe(false);
    expect(isEmail('ana cena@x.io')).toBe(false);
    expect(isEmail('')).toBe(false);
  });

  it('requires 8 characters for a password', () => {
    const signUp = signUpFormSchema(((key: string) => key) as unknown as TFunction<'accounts'>);
    const form = { name: 'Ana', email: 'ana@cena.app', birthDate: '17/05/1990', terms: true };
    expect(signUp.safeParse({ ...form, password: '1234567' }).success).toBe(false);
    expect(signUp.safeParse({ ...form, password: '12345678' }).success).toBe(true);
  });

  it('reads and groups the TOTP secret', () => {
    const uri = 'otpauth://totp/Cena:ana%40cena.app?secret=JBSWY3DPEHPK3PXP&issuer=Cena';
    expect(totpSecret(uri)).toBe('JBSWY3DPEHPK3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(totpSecret('not a uri')).toBe('');
  });

  it('returns to the guarded page, never to /auth/* or another origin', () => {
    expect(redirectTarget({ from: { pathname: '/dashboard/profile', search: '?a=1', hash: '#x' } })).toBe(
      '/dashboard/profile?a=1#x',
    );
    expect(redirectTarget(null)).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '/auth/login' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
    expect(redirectTarget({ from: 'x' })).toBe('/dashboard');
  });

  it('takes ?next= (the way back from Google) under the same rules', () => {
    expect(redirectTarget(null, '/dashboard/help')).toBe('/dashboard/help');
    expect(redirectTarget(null, '//evil.example')).toBe('/dashboard');
    expect(redirectTarget(null, '/\\evil.example')).toBe('/dashboard');
    expect(redirectTarget(null, 'https://evil.example')).toBe('/dashboard');
    expect(redirectTarget(null, '/auth/reset-password')).toBe('/dashboard');
    expect(googleReturnPath('/dashboard/help?x=1')).toBe(
      '/auth/login?signedIn=google&next=%2Fdashboard%2Fhelp%3Fx%3D1',
    );
  });
});
