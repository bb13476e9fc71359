import type { ReactNode } from 'react';
import { Logo } from './logo';

/** Minimal chrome for /auth/* pages: logo on top, centred content. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/60">
      <header className="container-page flex h-16 items-center">
        <Logo />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12"
      >
        {children}
      </main>
    </div>
  );
}
