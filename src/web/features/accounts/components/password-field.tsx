import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input';
import { type HookFieldProps, HookFormField } from './form-field';

export type PasswordFieldProps<
  T extends FieldValues,
  N extends FieldPath<T>,
  Out extends FieldValues = T,
> = HookFieldProps<T, N, Out> &
  Pick<ComponentProps<'input'>, 'autoComplete' | 'disabled'> & {
    /** The input's own name (password managers and tests read it), apart from the form's field name. */
    inputName: string;
  };

/**
 * The one password field of the accounts forms: label, show/hide toggle (a real button: keyboard reachable, state
 * announced), hint and inline error, bound to a react-hook-form field.
 */
export function PasswordField<T extends FieldValues, N extends FieldPath<T>, Out extends FieldValues = T>({
  inputName,
  autoComplete,
  disabled,
  ...field
}: PasswordFieldProps<T, N, Out>) {
  const { t } = useTranslation('accounts');
  const [visible, setVisible] = useState(false);
  return (
    <HookFormField {...field}>
      {(control, { value, onChange, onBlur, ref }) => (
        <div className="relative">
          <Input
            {...control}
            ref={ref}
            name={inputName}
            autoComplete={autoComplete}
            disabled={disabled}
            value={value ?? ''}
            onChange={onChange}
            onBlur={onBlur}
            type={visible ? 'text' : 'password'}
            className="pr-11"
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
            aria-pressed={visible}
            aria-controls={control.id}
            disabled={disabled}
            className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      )}
    </HookFormField>
  );
}
