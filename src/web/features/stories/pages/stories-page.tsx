import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { IdeaForm } from '../components/idea-form';
import { StoryList } from '../components/story-list';

/**
 * /dashboard/stories ('Roteiro', ADR 0062): a new story from one idea, and the user's stories. Planning is free;
 * the board it opens shows the price of every mode before anything is spent.
 */
export default function StoriesPage() {
  const { t } = useTranslation('stories');
  useDocumentTitle(t('documentTitle'));
  return (
    <div
      className="container-page flex flex-col gap-6 pt-6 pb-36 sm:pt-10 lg:pb-10"
      data-testid="stories-page"
    >
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <ScrollText aria-hidden="true" className="size-7 text-primary" />
          {t('title')}
        </h1>
        <p className="max-w-prose text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardContent className="pt-6">
            <IdeaForm />
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="text-base">
              {t('list.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <StoryList />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
