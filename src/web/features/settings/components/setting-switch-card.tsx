import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from './switch';

/** The switch's state: `loading` draws its placeholder, `null` no switch (the hint says why). */
export type SettingSwitch =
  | { checked: boolean; disabled: boolean; onChange: (on: boolean) => void; testId: string }
  | 'loading'
  | null;

/**
 * One setting of the settings page as a card: its title and description, then one row with its icon, label, hint
 * and switch (labelled and described by them); `children` go below the row.
 */
export function SettingSwitchCard({
  testId,
  icon: Icon,
  title,
  description,
  label,
  hint,
  control,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  description: string;
  label: string;
  hint: string;
  control: SettingSwitch;
  children?: ReactNode;
}) {
  const titleId = useId();
  const labelId = useId();
  const hintId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card data-testid={testId}>
        <CardHeader>
          <CardTitle as="h2" id={titleId}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-4 rounded-lg border border-border p-4">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span id={labelId} className="font-medium">
                {label}
              </span>
              <span id={hintId} className="text-sm text-muted-foreground">
                {hint}
              </span>
            </div>
            {control === 'loading' ? (
              <Skeleton className="h-7 w-12 rounded-full" />
            ) : control ? (
              <Switch {...control} labelledBy={labelId} describedBy={hintId} />
            ) : null}
          </div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}
