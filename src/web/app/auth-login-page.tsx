import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { AuthShell } from './auth-shell';
import { useDocumentTitle } from './use-document-title';

/** Placeholder for /auth/login until the accounts issue: the two tabs, honestly saying "em breve". */
export default function AuthLoginPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('auth.documentTitle'));
  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('auth.title')}
          </CardTitle>
          <CardDescription>{t('auth.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="signin">
            <TabsList className="w-full">
              <TabsTrigger value="signin">{t('auth.signInTab')}</TabsTrigger>
              <TabsTrigger value="signup">{t('auth.signUpTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <p className="text-sm text-muted-foreground">{t('auth.signInSoon')}</p>
            </TabsContent>
            <TabsContent value="signup">
              <p className="text-sm text-muted-foreground">{t('auth.signUpSoon')}</p>
            </TabsContent>
          </Tabs>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <Button asChild className="sm:flex-1">
              <Link to="/pricing">{t('auth.seePricing')}</Link>
            </Button>
            <Button asChild variant="outline" className="sm:flex-1">
              <Link to="/">{t('auth.backHome')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
