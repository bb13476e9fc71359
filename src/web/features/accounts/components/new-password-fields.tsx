import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordField } from './password-field';

/** A form with a new password and its confirmation (the reset page, the profile's change-password card). */
interface WithNewPassword extends FieldValues {
  password: string;
  confirm: string;
}

export interface NewPasswordFieldsProps<T extends WithNewPassword> {
  control: Control<T>;
  labels: { password: string; confirm: string };
  /** The pair's layout: stacked by default, side by side where the form has room. */
  className?: string;
}

/** A new password and its confirmation, as the reset page and the profile's change-password card ask for them. */
export function NewPasswordFields<T extends WithNewPassword>({
  control,
  labels,
  className = 'flex flex-col gap-4',
}: NewPasswordFieldsProps<T>) {
  return (
    <div className={className}>
      <PasswordField
        control={control}
        name={'password' as Path<T>}
        inputName="new-password"
        autoComplete="new-password"
        label={labels.password}
      />
      <PasswordField
        control={control}
        name={'confirm' as Path<T>}
        inputName="confirm-password"
        autoComplete="new-password"
        label={labels.confirm}
      />
    </div>
  );
}
