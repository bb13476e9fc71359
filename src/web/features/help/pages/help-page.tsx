import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { FaqBrowser } from '#web/features/faq';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { ContactPanel } from '../components/contact-panel';
import { FeatureCards } from '../components/feature-cards';

type Tab = 'faq' | 'features' | 'contact';

/** /dashboard/help: 'Central de Ajuda' with FAQ (the /faq content and search), Recursos and Contato. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  useDocumentTitle(t('documentTitle'));
  const [tab, setTab] = useState<Tab>('faq');
  const contactTriggerRef = useRef<HTMLButtonElement>(null);

  const goToContact = () => {
    setTab('contact');
    requestAnimationFrame(() => contactTriggerRef.current?.focus());
  };

  return (
    <div className="container-page flex max-w-4xl flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="faq">{t('tabs.faq')}</TabsTrigger>
          <TabsTrigger value="features">{t('tabs.features')}</TabsTrigger>
          <TabsTrigger value="contact" ref={contactTriggerRef}>
            {t('tabs.contact')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="faq" className="pt-2">
          <FaqBrowser headingLevel="h2" onContactClick={goToContact} />
        </TabsContent>
        <TabsContent value="features" className="pt-2">
          <h2 className="sr-only">{t('tabs.features')}</h2>
          <FeatureCards />
        </TabsContent>
        <TabsContent value="contact" className="pt-2">
          <h2 className="sr-only">{t('tabs.contact')}</h2>
          <ContactPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
