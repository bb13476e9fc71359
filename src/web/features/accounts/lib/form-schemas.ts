import type { TFunction } from 'i18next';
import { z } from 'zod';
import { deleteAccountBodySchema } from '#shared/account-rights';
import { MAX_NAME_LENGTH } from '#shared/accounts';
import { brazilToday, isAdultOn } from '#shared/age';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password';
import { textToDay } from '#web/lib/day-text';
import { EMAIL_PATTERN } from './validation';

/**
 * The accounts forms' schemas for react-hook-form (design: react-hook-form + zod). The limits are the shared ones
 * the server enforces (src/shared/accounts.ts, src/shared/password.ts); the messages are the UI language's, so each
 * schema is built with the form's `t`.
 */
type AccountsT = TFunction<'accounts'>;

const emailField = (t: AccountsT) =>
  z
    .string()
    .trim()
    .min(1, { error: t('fields.emailRequired'), abort: true })
    .regex(EMAIL_PATTERN, t('fields.emailInvalid'));

const nameField = (t: AccountsT) =>
  z
    .string()
    .trim()
    .min(1, t('fields.nameRequired'))
    .max(MAX_NAME_LENGTH, t('fields.nameTooLong', { max: MAX_NAME_LENGTH }));

/** A new password: the shared minimum and maximum, with the form's own "too short" wording. */
const newPasswordField = (tooShort: string, t: AccountsT) =>
  z.string().min(PASSWORD_MIN_LENGTH, tooShort).max(PASSWORD_MAX_LENGTH, t('errors.passwordTooLong'));

export const signInFormSchema = (t: AccountsT) =>
  z.object({ email: emailField(t), password: z.string().min(1, t('fields.passwordRequired')) });
export type SignInValues = z.infer<ReturnType<typeof signInFormSchema>>;

/** dd/mm/aaaa as typed; the server checks the same rule again (ADR 0066). */
const birthDateField = (t: AccountsT) =>
  z
    .string()
    .trim()
    .min(1, { error: t('signUp.birthDateRequired'), abort: true })
    .refine((text) => textToDay(text) !== undefined && (textToDay(text) ?? '') <= brazilToday(), {
      error: t('signUp.birthDateInvalid'),
      abort: true,
    })
    .refine((text) => isAdultOn(textToDay(text) ?? '', brazilToday()), t('signUp.underAge'));

export const signUpFormSchema = (t: AccountsT) =>
  z.object({
    name: nameField(t),
    email: emailField(t),
    password: z
      .string()
      .min(1, t('fields.passwordRequired'))
      .pipe(newPasswordField(t('signUp.passwordTooShort', { min: PASSWORD_MIN_LENGTH }), t)),
    birthDate: birthDateField(t),
    terms: z.boolean().refine((accepted) => accepted, t('signUp.termsRequired')),
  });
export type SignUpValues = z.input<ReturnType<typeof signUpFormSchema>>;

/** The birth date an account without one gives before paying (ADR 0066): the sign-up's field and rule. */
export const birthDateFormSchema = (t: AccountsT) => z.object({ birthDate: birthDateField(t) });
export type BirthDateValues = z.input<ReturnType<typeof birthDateFormSchema>>;

/** A new password and its confirmation, with the mismatch reported on the confirmation. */
export const newPasswordPairSchema = (t: AccountsT, messages: { tooShort: string; mismatch: string }) =>
  z
    .object({ password: newPasswordField(messages.tooShort, t), confirm: z.string() })
    .refine((form) => form.password === form.confirm, {
      message: messages.mismatch,
      path: ['confirm'],
      when: () => true, // say it beside a too-short password too
    });
export type NewPasswordPair = z.infer<ReturnType<typeof newPasswordPairSchema>>;

export const changePasswordFormSchema = (t: AccountsT) =>
  z
    .object({
      current: z.string().min(1, t('profile.password.currentRequired')),
      password: newPasswordField(t('profile.password.tooShort', { min: PASSWORD_MIN_LENGTH }), t),
      confirm: z.string(),
    })
    .refine((form) => form.password === form.confirm, {
      message: t('profile.password.mismatch'),
      path: ['confirm'],
      when: () => true, // say it beside a missing or too-short password too
    });
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;

/** The current password, asked again before a sensitive change. */
export const passwordFormSchema = (required: string) => z.object({ password: z.string().min(1, required) });
export type PasswordForm = z.infer<ReturnType<typeof passwordFormSchema>>;

export const profileNameFormSchema = (t: AccountsT) => z.object({ name: nameField(t) });
export type ProfileNameForm = z.infer<ReturnType<typeof profileNameFormSchema>>;

/** A code typed into a form: spaces dropped (authenticator apps show '123 456'), required. */
export const codeFormSchema = (required: string) =>
  z.object({
    code: z
      .string()
      .transform((code) => code.replace(/\s/g, ''))
      .pipe(z.string().min(1, required)),
  });
export type CodeForm = z.input<ReturnType<typeof codeFormSchema>>;

/**
 * The deletion dialog's form: the shared `DELETE /api/me` body (src/shared/account-rights.ts) with the dialog's own
 * wording, the authenticator code required when two-factor is on and left out otherwise.
 */
export const deleteAccountFormSchema = (t: AccountsT, twoFactor: boolean) =>
  deleteAccountBodySchema.extend({
    password: z
      .string()
      .min(1, t('profile.dataRights.passwordRequired'))
      .max(PASSWORD_MAX_LENGTH, t('errors.incorrectPassword')),
    code: twoFactor
      ? z.string().regex(/^\d{6}$/, t('profile.dataRights.codeRequired'))
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
export type DeleteAccountForm = z.input<ReturnType<typeof deleteAccountFormSchema>>;
