import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_DESCRIPTION_MAX_LENGTH, CAST_NAME_MAX_LENGTH } from '#shared/cast';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { FieldError, Input, Label, Textarea } from '#web/components/ui/input';
import { useCastForm } from '../hooks/use-cast-form';
import { CastConsentField } from './cast-consent-field';
import { CastImagesField } from './cast-images-field';
import { CastKindField } from './cast-kind-field';

/** 'Novo membro': name, kind, description, 1–3 images, and for a character the portrayed person's consent. */
export function CastForm() {
  const { t } = useTranslation('cast');
  const id = useId();
  const { values, set, errors, addImages, onSubmit, saving } = useCastForm();
  const nameId = `${id}-name`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('form.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="cast-form">
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>{t('form.name')}</Label>
            <Input
              id={nameId}
              value={values.name}
              maxLength={CAST_NAME_MAX_LENGTH}
              placeholder={t('form.namePlaceholder')}
              onChange={(event) => set.name(event.currentTarget.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${nameId}-error` : undefined}
              data-testid="cast-name"
            />
            <FieldError id={`${nameId}-error`}>{errors.name}</FieldError>
          </div>

          <CastKindField name={`${id}-kind`} value={values.kind} onChange={set.kind} />

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
            <Textarea
              id={`${id}-description`}
              value={values.description}
              maxLength={CAST_DESCRIPTION_MAX_LENGTH}
              placeholder={t('form.descriptionPlaceholder')}
              onChange={(event) => set.description(event.currentTarget.value)}
              className="min-h-20"
            />
            <FieldError>{errors.description}</FieldError>
          </div>

          <CastImagesField
            id={`${id}-images`}
            images={values.images}
            error={errors.images}
            onAdd={(files) => void addImages(files)}
            onRemove={(index) => set.images(values.images.filter((_, i) => i !== index))}
          />

          {values.kind === 'character' ? (
            <CastConsentField
              id={`${id}-consent`}
              checked={values.consent}
              error={errors.likenessConsent}
              onChange={set.consent}
            />
          ) : null}

          <Button type="submit" loading={saving} className="w-full sm:w-fit" data-testid="cast-submit">
            {t('form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
