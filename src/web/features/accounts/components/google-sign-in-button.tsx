import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { FieldHint } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { usePublicConfig } from '#web/lib/public-config';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { authErrorMessage } from '../lib/auth-errors';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

/** 'Entrar com Google' — disabled, with the reason under it, when the server has no Google credentials. */
export function GoogleSignInButton({ callbackURL }: { callbackURL: string }) {
  const { t } = useTranslation('accounts');
  const { googleEnabled } = usePublicConfig();
  const google = useSignInWithGoogle();
  const hintId = useId();

  const onClick = () => {
    google.mutate(
      { callbackURL },
      {
        onError: (error) =>
          toast.error(t('login.error'), { description: authErrorMessage(error, t, t('login.googleFailed')) }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={!googleEnabled}
        loading={google.isPending || google.isSuccess}
        aria-describedby={googleEnabled ? undefined : hintId}
        onClick={onClick}
      >
        {google.isPending || google.isSuccess ? null : <GoogleMark />}
        {t('login.google')}
      </Button>
      {googleEnabled ? null : (
        <FieldHint id={hintId} className="text-center text-xs">
          {t('login.googleDisabled')}
        </FieldHint>
      )}
    </div>
  );
}
