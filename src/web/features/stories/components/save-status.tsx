import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import type { SaveState } from '../hooks/use-plan-editor';

/** Whether the plan on screen is the one stored: said quietly, and with a way to try again when a save failed. */
export function SaveStatus({
  state,
  error,
  onRetry,
}: {
  state: SaveState;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation('stories');
  const problem = state === 'invalid' || state === 'error';
  const Icon = state === 'saved' ? Check : problem ? CircleAlert : LoaderCircle;
  return (
    <div
      role="status"
      className={`flex min-h-6 flex-wrap items-center gap-2 text-sm ${problem ? 'text-destructive' : 'text-muted-foreground'}`}
      data-testid="story-save-status"
      data-state={state}
    >
      <Icon aria-hidden="true" className={`size-4 ${state === 'saving' ? 'animate-spin' : ''}`} />
      <span>{state === 'error' ? (error ?? t('save.error')) : t(`save.${state}`)}</span>
      {state === 'error' ? (
        <Button variant="link" size="sm" onClick={onRetry}>
          {t('save.retry')}
        </Button>
      ) : null}
    </div>
  );
}
