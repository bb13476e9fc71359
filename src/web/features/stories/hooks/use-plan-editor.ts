import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story } from '#shared/stories';
import { isApiError } from '#web/lib/api';
import { saveStory, saveStoryOnLeave, storyQueryKey } from '../api/stories';
import {
  addShot,
  moveShot,
  type PlanShot,
  planBody,
  planOf,
  planPrice,
  planProblems,
  removeShot,
  updateShot,
  withSavedIds,
} from '../lib/plan';

/** Edits are saved this long after the last one: a line typed is one PATCH, not one per key. */
export const PLAN_SAVE_DELAY_MS = 500;

export type SaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'error';

/**
 * The plan on the board (ADR 0062): every change shows at once with its new price (the shared rule, no round
 * trip), and is saved as edited — a PATCH of the whole list a moment after the last change, one at a time, the
 * last one sent with `keepalive` if the page goes away first — so a reload or a purchase loses nothing.
 * `flush()` saves now (before drafting: the drafts are made of the saved words).
 */
export function usePlanEditor(story: Story) {
  const [plan, setPlan] = useState(() => planOf(story));
  const saver = usePlanSaver(story.id, plan, setPlan);
  const change = useCallback(
    (edit: (current: PlanShot[]) => PlanShot[]) => {
      const next = edit(saver.latest.current);
      saver.latest.current = next;
      setPlan(next);
      saver.changed();
    },
    [saver],
  );
  const fallbackSeconds = story.model.clipSecondsChoices.at(-1) ?? 8;
  return {
    plan,
    price: useMemo(() => planPrice(plan), [plan]),
    problems: useMemo(() => planProblems(plan), [plan]),
    state: saver.state,
    error: saver.error,
    flush: saver.flush,
    move: (from: number, to: number) => change((current) => moveShot(current, from, to)),
    add: (after: number) => change((current) => addShot(current, after, fallbackSeconds)),
    remove: (index: number) => change((current) => removeShot(current, index)),
    update: (key: string, edit: Partial<PlanShot>) => change((current) => updateShot(current, key, edit)),
  };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;

function usePlanSaver(storyId: string, initial: PlanShot[], setPlan: (plan: PlanShot[]) => void) {
  const { t } = useTranslation('stories');
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(initial);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);

  const saveOnce = useCallback(async () => {
    const current = latest.current;
    if (Object.keys(planProblems(current)).length > 0) {
      setState('invalid');
      return;
    }
    dirty.current = false;
    setState('saving');
    const sent = current.map((shot) => shot.key);
    try {
      const saved = await saveStory(storyId, planBody(current));
      queryClient.setQueryData(storyQueryKey(storyId), { story: saved });
      latest.current = withSavedIds(latest.current, sent, saved.shots);
      setPlan(latest.current);
      setError(null);
      setState(dirty.current ? 'pending' : 'saved');
    } catch (caught) {
      dirty.current = true;
      setError(isApiError(caught) ? caught.message : t('save.error'));
      setState('error');
    }
  }, [storyId, queryClient, setPlan, t]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    // One save at a time, in order: a later edit waits for the earlier PATCH, then sends the newest plan.
    while (inFlight.current) await inFlight.current;
    if (!dirty.current) return;
    inFlight.current = saveOnce().finally(() => {
      inFlight.current = null;
    });
    await inFlight.current;
  }, [saveOnce]);

  const changed = useCallback(() => {
    dirty.current = true;
    setState('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), PLAN_SAVE_DELAY_MS);
  }, [flush]);

  useEffect(() => {
    const leave = () => {
      if (!dirty.current || Object.keys(planProblems(latest.current)).length > 0) return;
      dirty.current = false;
      saveStoryOnLeave(storyId, planBody(latest.current));
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      clearTimeout(timer.current);
      leave();
    };
  }, [storyId]);

  return useMemo(() => ({ latest, state, error, flush, changed }), [state, error, flush, changed]);
}
