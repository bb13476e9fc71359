import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonSize, type ButtonVariant } from '#web/components/ui/button';

export interface ArrowLinkProps {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A router link styled as a button, its label followed by an arrow ("Ver planos →"). */
export function ArrowLink({ to, children, ...button }: ArrowLinkProps) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
