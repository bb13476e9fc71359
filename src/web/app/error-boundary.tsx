import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';

function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center"
    >
      <p className="text-lg font-semibold">{t('words.error')}</p>
      <Button onClick={onRetry}>{t('words.retry')}</Button>
    </div>
  );
}

/** Last-resort boundary (e.g. a chunk that fails to load after a deploy): offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
