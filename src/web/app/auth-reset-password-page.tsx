import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { AuthShell } from './auth-shell';
import { useDocumentTitle } from './use-document-title';

/** Placeholder for /auth/reset-password until the accounts issue. */
export default function AuthResetPasswordPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('auth.reset.documentTitle'));
  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.reset.title')}
          </CardTitle>
          <CardDescription>{t('auth.reset.body')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link to="/auth/login">{t('auth.reset.backToLogin')}</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
