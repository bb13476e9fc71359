import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog';

/**
 * A question before something that cannot be undone: its title and what will happen, a way out (`cancelLabel`)
 * and the destructive action, pending while it runs. `confirmLabel` null leaves only the way out (the outcome is
 * shown); `children` go between the text and the buttons.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  pending,
  testId,
  confirmTestId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string | null;
  onConfirm: () => void;
  pending: boolean;
  testId?: string;
  confirmTestId: string;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </DialogClose>
          {confirmLabel === null ? null : (
            <Button variant="destructive" loading={pending} onClick={onConfirm} data-testid={confirmTestId}>
              {confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
