import { useRef, useState } from 'react';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';

/**
 * A call that spends credits, once confirmed (ADR 0058): the plan saved first (the takes are made of the stored
 * words), one client key per attempt — a retried confirm after a lost answer is the same call, so nothing is made
 * or charged twice — and a new key after a refusal (402, 409), which made nothing.
 */
export function useChargeCall<T>(
  call: (clientKey: string) => Promise<T>,
  {
    before,
    onDone,
    fallback,
  }: {
    before: () => Promise<void>;
    onDone: (result: T) => void /** The pt-BR message when the answer says nothing (no answer at all). */;
    fallback: string;
  },
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clientKey = useRef(newUuid());
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await before();
      const result = await call(clientKey.current);
      clientKey.current = newUuid();
      onDone(result);
    } catch (caught) {
      if (isApiError(caught) && caught.status > 0 && caught.status < 500) clientKey.current = newUuid();
      setError(isApiError(caught) ? caught.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, reset: () => setError(null) };
}
