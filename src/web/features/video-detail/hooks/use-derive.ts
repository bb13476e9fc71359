import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROMPT_MIN_LENGTH } from '#shared/catalogue';
import { INSTRUCTION_MIN_LENGTH } from '#shared/video-directing';
import type { VideoRequestView } from '#shared/video-request';
import { useBirthDateGate } from '#web/features/accounts';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { type Derivation, deriveVideo } from '../api/derivations';

/**
 * The derive dialog's text and submit: an extension starts from the original's prompt, an edit from nothing; the
 * new request is made once per submission attempt and, once made, opened live (`onCreated` closes the dialog). A
 * refusal for want of a birth date opens `ageDialog` ("Confirme sua idade") instead of an error; while it is open
 * (`asking`) the derive dialog hides beneath it.
 */
export function useDerive(request: VideoRequestView, derivation: Derivation, onCreated: () => void) {
  const { t } = useTranslation('videoDetail');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState(derivation === 'extend' ? request.prompt : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ageGate = useBirthDateGate();
  // One key per submission attempt: a retried or double-clicked submit makes one request.
  const clientKey = useRef(newUuid());
  const min = derivation === 'extend' ? PROMPT_MIN_LENGTH : INSTRUCTION_MIN_LENGTH;
  const key = derivation === 'extend' ? 'extend' : 'edit';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < min) {
      setError(t(`derive.tooShort_${key}`, { min }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await deriveVideo(request.id, derivation, trimmed, clientKey.current);
      clientKey.current = newUuid();
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      onCreated();
      await navigate(`/dashboard/request/${created.id}`);
    } catch (caught) {
      // A refusal (402, 409) is final for this key's content: a new attempt gets a new key.
      if (isApiError(caught) && caught.status < 500) clientKey.current = newUuid();
      // An account without a birth date is asked for it (ADR 0066); the text stays for the confirm after it.
      if (!ageGate.asks(caught)) setError(isApiError(caught) ? caught.message : t('derive.error'));
    } finally {
      setBusy(false);
    }
  };

  return { text, setText, error, busy, submit, asking: ageGate.asking, ageDialog: ageGate.dialog };
}
