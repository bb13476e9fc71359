import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  errors: { password?: string | undefined; confirm?: string | undefined };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** The pair's layout: stacked by default, side by side where the form has room. */
  className?: string;
}

/** A new password and its confirmation, as the reset page and the profile's change-password card ask for them. */
export function NewPasswordFields({
  labels,
  errors,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  className = 'flex flex-col gap-4',
}: NewPasswordFieldsProps) {
  return (
    <div className={className}>
      <PasswordField
        label={labels.password}
        error={errors.password}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
      />
      <PasswordField
        label={labels.confirm}
        error={errors.confirm}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={onConfirmChange}
      />
    </div>
  );
}
