import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';

/** Stand-in for the signed-in pages (never reached yet: the auth guard redirects everyone to /auth/login). */
export default function ComingSoonPage() {
  const { t } = useTranslation('common');
  return (
    <main
      id="main"
      className="container-page flex min-h-dvh flex-col items-center justify-center gap-4 text-center"
    >
      <h1 className="text-2xl font-bold">{t('words.comingSoon')}</h1>
      <Button asChild variant="outline">
        <Link to="/">{t('auth.backHome')}</Link>
      </Button>
    </main>
  );
}
