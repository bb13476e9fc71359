import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { CreateFormControl } from '../lib/create-form';

/** What each of the create form's fields is given by the page. */
export interface CreateFieldProps {
  control: CreateFormControl;
  /** The request is being sent. */
  disabled: boolean;
  /** Told of every change the user makes (a new submission attempt). */
  onChange: () => void;
}

/** A create form text field: its react-hook-form binding, its message and the ids that wire label, hint and error. */
export function useCreateField<N extends 'prompt' | 'seed'>(control: CreateFormControl, name: N) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return { field, error, id, hintId: `${id}-hint`, errorId: error ? `${id}-error` : undefined };
}
