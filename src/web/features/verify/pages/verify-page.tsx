import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VERIFY_MAX_MEGABYTES } from '#shared/provenance';
import { AuthShell } from '#web/components/auth-shell';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useVerifyVideo } from '../api/verify-video';
import { VerifyAnswer } from '../components/verify-answer';

/**
 * `/verificar` (ADR 0065), public: a video chosen from the device or a Cena share link pasted (a share page links
 * here with `?link=` filled in), checked by `POST /api/verify`, the answer shown below the form. 375 px first: one
 * column, full-width controls.
 */
export default function VerifyPage() {
  const { t } = useTranslation('verify');
  useDocumentTitle(t('documentTitle'));
  const [params] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState(params.get('link') ?? '');
  const verify = useVerifyVideo();
  const fileId = useId();
  const linkId = useId();
  const ready = Boolean(file) || link.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) verify.mutate({ file });
    else if (link.trim()) verify.mutate({ link: link.trim() });
  };

  return (
    <AuthShell>
      <div className="flex w-full max-w-lg flex-col gap-4">
        <Card className="w-full">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl!">
              {t('title')}
            </CardTitle>
            <CardDescription>{t('intro')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
              <div className="flex flex-col gap-2">
                <Label htmlFor={fileId}>{t('fileLabel')}</Label>
                <Input
                  id={fileId}
                  type="file"
                  accept="video/mp4,.mp4"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    if (event.target.files?.[0]) setLink('');
                  }}
                />
                <p className="text-sm text-muted-foreground">
                  {t('fileHint', { megabytes: VERIFY_MAX_MEGABYTES })}
                </p>
              </div>
              <p className="text-center text-sm text-muted-foreground">{t('or')}</p>
              <div className="flex flex-col gap-2">
                <Label htmlFor={linkId}>{t('linkLabel')}</Label>
                <Input
                  id={linkId}
                  type="url"
                  inputMode="url"
                  placeholder={t('linkPlaceholder')}
                  value={link}
                  disabled={Boolean(file)}
                  onChange={(event) => setLink(event.target.value)}
                />
              </div>
              {verify.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {isApiError(verify.error) ? verify.error.message : String(verify.error)}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={!ready || verify.isPending}>
                {verify.isPending ? t('checking') : t('submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
        {verify.data && !verify.isPending ? <VerifyAnswer result={verify.data} /> : null}
      </div>
    </AuthShell>
  );
}
