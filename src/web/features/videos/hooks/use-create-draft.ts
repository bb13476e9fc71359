import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useMe } from '#web/features/accounts';
import {
  clearDraft,
  isEmptyDraft,
  loadDraft,
  loadDraftImages,
  saveDraft,
  saveDraftImages,
} from '../lib/create-draft';
import type { CreateFormContext, CreateFormFields, CreateFormOutput } from '../lib/create-form';
import type { StructuredPromptState } from '../lib/structured-prompt';

/** What the page keeps outside react-hook-form and the draft carries too. */
export interface DraftExtras {
  castIds: string[];
  setCastIds: (ids: string[]) => void;
  variations: number;
  setVariations: (count: number) => void;
  structured: StructuredPromptState | null;
  setStructured: (value: StructuredPromptState | null) => void;
}

/**
 * The structured prompt, the cast (`?cast=`: 'Duplicar Solicitação' carries it over) and the number of
 * variations: the draft's parts that are not the form's fields.
 */
export function useDraftExtras(params: URLSearchParams): DraftExtras {
  const [structured, setStructured] = useState<StructuredPromptState | null>(null);
  const [castIds, setCastIds] = useState<string[]>(() => params.getAll('cast'));
  const [variations, setVariations] = useState(1);
  return { castIds, setCastIds, variations, setVariations, structured, setStructured };
}

/**
 * Restores the user's draft once who they are is known (unless the address prefills the form: 'Duplicar
 * Solicitação', a sample prompt — what the user just asked for wins), then saves every change. `discard` is for a
 * successful submit: the draft is cleared and nothing saves it again on the way out.
 */
export function useCreateDraft(
  form: UseFormReturn<CreateFormFields, CreateFormContext, CreateFormOutput>,
  prefilled: boolean,
  extras: DraftExtras,
): { restored: boolean; discard: () => Promise<void> } {
  const userId = useMe().data?.user.id;
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const done = useRef(false);
  const { setCastIds, setVariations, setStructured } = extras;

  useEffect(() => {
    if (!userId || ready) return;
    let cancelled = false;
    const restore = async () => {
      if (!prefilled) {
        const draft = loadDraft(userId);
        if (draft) {
          form.reset({ ...form.getValues(), ...draft.typed });
          setCastIds(draft.castIds);
          setVariations(draft.variations);
          setStructured(draft.structured);
        }
        const images = await loadDraftImages(userId);
        if (cancelled) return;
        for (const [name, value] of Object.entries(images) as [keyof typeof images, never][]) {
          form.setValue(name, value);
        }
        setRestored(draft !== null && !isEmptyDraft(draft, images));
      }
      setReady(true);
    };
    void restore();
    return () => {
      cancelled = true;
    };
  }, [userId, ready, prefilled, form, setCastIds, setVariations, setStructured]);

  const values = useWatch({ control: form.control });
  const { castIds, variations, structured } = extras;
  useEffect(() => {
    if (!userId || !ready || done.current) return;
    saveDraft(userId, values, { castIds, variations, structured });
  }, [userId, ready, values, castIds, variations, structured]);

  const { firstFrame, lastFrame, referenceImages } = values;
  useEffect(() => {
    if (!userId || !ready || done.current) return;
    void saveDraftImages(userId, {
      firstFrame: firstFrame ?? null,
      lastFrame: lastFrame ?? null,
      referenceImages: (referenceImages ?? []).filter((file): file is File => file instanceof File),
    });
  }, [userId, ready, firstFrame, lastFrame, referenceImages]);

  return {
    restored,
    discard: async () => {
      done.current = true;
      if (userId) await clearDraft(userId);
    },
  };
}
