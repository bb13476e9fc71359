import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  codeFormSchema,
  deleteAccountFormSchema,
  signInFormSchema,
} from './form-schemas';

/** Messages come back as their keys, so each assertion names the message a user would read. */
const t = ((key: string) => key) as unknown as TFunction<'accounts'>;
/** The first message of each field, as the form shows it (@hookform/resolvers keeps the first issue per path). */
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('accounts form schemas', () => {
  it('sign-in asks for the e-mail, a plausible one, and the password', () => {
    expect(messages(signInFormSchema(t).safeParse({ email: ' ', password: '' }))).toEqual({
      email: 'fields.emailRequired',
      password: 'fields.passwordRequired',
    });
    expect(messages(signInFormSchema(t).safeParse({ email: 'ana@cena', password: 'x' }))).toEqual({
      email: 'fields.emailInvalid',
    });
    expect(signInFormSchema(t).parse({ email: ' ana@cena.app ', password: 'x' }).email).toBe('ana@cena.app');
  });

  it('change password says a mismatch beside a too-short new password and a missing current one', () => {
    expect(
      messages(changePasswordFormSchema(t).safeParse({ current: '', password: 'short', confirm: 'other' })),
    ).toEqual({
      current: 'profile.password.currentRequired',
      password: 'profile.password.tooShort',
      confirm: 'profile.password.mismatch',
    });
  });

  it('a typed code loses its spaces and is required', () => {
    expect(codeFormSchema('required').parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(messages(codeFormSchema('required').safeParse({ code: '  ' }))).toEqual({ code: 'required' });
  });

  it('account deletion asks for the code only with two-factor on, and sends the shared body', () => {
    expect(deleteAccountFormSchema(t, false).parse({ password: 'secret', code: '' })).toEqual({
      password: 'secret',
      code: undefined,
    });
    expect(messages(deleteAccountFormSchema(t, true).safeParse({ password: '', code: '12' }))).toEqual({
      password: 'profile.dataRights.passwordRequired',
      code: 'profile.dataRights.codeRequired',
    });
    expect(deleteAccountFormSchema(t, true).parse({ password: 'secret', code: '123456' })).toEqual({
      password: 'secret',
      code: '123456',
    });
  });
});
