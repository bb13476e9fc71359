import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DayInput } from './day-input';

const MESSAGE = 'Data inválida: use dd/mm/aaaa.';

function renderDay() {
  const onValueChange = vi.fn();
  render(
    <>
      <DayInput aria-label="De" value={undefined} onValueChange={onValueChange} invalidMessage={MESSAGE} />
      <button type="button">fora</button>
    </>,
  );
  return { input: screen.getByLabelText('De') as HTMLInputElement, onValueChange };
}

describe('DayInput', () => {
  it('says a half-typed date is not a day when the field is left, instead of ignoring it', async () => {
    const { input, onValueChange } = renderDay();
    await userEvent.type(input, '3112');
    expect(screen.queryByText(MESSAGE)).toBeNull(); // still typing: no error yet
    await userEvent.click(screen.getByRole('button', { name: 'fora' }));
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onValueChange).not.toHaveBeenCalled();

    await userEvent.type(input, '2026');
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(onValueChange).toHaveBeenLastCalledWith('2026-12-31');
  });
});
