import { CheckCircle2, Circle, CircleAlert, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format';
import type { VideoRequestView } from '#shared/video-request';
import { formatCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { type TimelineStepState, timelineSteps } from '../lib/timeline';

const ICON = { done: CheckCircle2, current: Loader2, upcoming: Circle, failed: CircleAlert } as const;
const TONE: Record<TimelineStepState, string> = {
  done: 'text-success',
  current: 'text-primary',
  upcoming: 'text-muted-foreground/60',
  failed: 'text-destructive',
};

/** Spec §4's timeline as an ordered list; the current step carries aria-current="step". */
export function RequestTimeline({ request, timeZone }: { request: VideoRequestView; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  const steps = timelineSteps(request);
  return (
    <ol className="flex flex-col" data-testid="request-timeline">
      {steps.map((step, index) => {
        const Icon = ICON[step.state];
        const last = index === steps.length - 1;
        return (
          <li
            key={step.take ? `take-${step.take.number}` : step.key}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-testid={step.take ? `timeline-take-${step.take.number}` : `timeline-${step.key}`}
            data-state={step.state}
          >
            {last ? null : (
              <span aria-hidden="true" className="absolute top-6 bottom-0 left-2.5 w-px bg-border" />
            )}
            <Icon
              aria-hidden="true"
              className={cn(
                'relative size-5 shrink-0 bg-card',
                TONE[step.state],
                step.state === 'current' && 'animate-spin',
              )}
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <p
                className={cn(
                  'text-sm font-medium',
                  step.state === 'upcoming' && 'text-muted-foreground',
                  step.state === 'failed' && 'text-destructive',
                )}
              >
                {step.take
                  ? t(step.take.passed ? 'timeline.takePassed' : 'timeline.takeFailed', {
                      number: step.take.number,
                    })
                  : t(`timeline.${step.key}`)}
                <span className="sr-only"> ({t(`timeline.state.${step.state}`)})</span>
              </p>
              {step.key === 'created' ? (
                <p className="text-xs text-muted-foreground">
                  {t('timeline.createdBody', {
                    count: request.creditsUsed,
                    value: formatCredits(request.creditsUsed),
                  })}
                </p>
              ) : null}
              {step.take && !step.take.passed ? (
                <p className="text-xs text-muted-foreground">
                  {t(step.take.number === 1 ? 'timeline.takeRerolled' : 'timeline.takeRefunded', {
                    problems: step.take.problems.map((problem) => problem.detail).join('; '),
                  })}
                </p>
              ) : null}
              {step.at ? (
                <time dateTime={step.at} className="text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(new Date(step.at), timeZone)}
                </time>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
