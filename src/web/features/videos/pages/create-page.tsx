import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { offeredDirecting } from '#shared/video-directing';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useVideoAvailability } from '../api/availability';
import { useQueueEstimate } from '../api/queue-estimate';
import { BuyCreditsSheet } from '../components/buy-credits-sheet';
import { CreateFieldsCard } from '../components/create-fields-card';
import { CreateNotices } from '../components/create-notices';
import { CreateSubmitPanel } from '../components/create-submit-panel';
import { useBuyCreditsSheet } from '../hooks/use-buy-credits-sheet';
import { useCastChoice } from '../hooks/use-cast-choice';
import { useCreateCost } from '../hooks/use-create-cost';
import { useCreateDraft, useDraftExtras } from '../hooks/use-create-draft';
import { useCreateForm } from '../hooks/use-create-form';
import { useCreateSubmit } from '../hooks/use-create-submit';
import { useServedMode } from '../hooks/use-served-mode';

/** The address prefills the form ('Duplicar Solicitação', a sample prompt): it wins over a kept draft (ADR 0027). */
const PREFILL_KEYS = ['prompt', 'quality', 'aspectRatio', 'from', 'cast'];

/**
 * /dashboard/create (spec §2, §4, §5, §8): prompt, quality, aspect ratio, seed, first frame and cost summary;
 * prefilled from `?prompt=&quality=&aspectRatio=`. Submit is one multipart POST with a `clientKey` made once per
 * submission attempt (reused on a retry of the same values), so a double click or a retry creates one request.
 * The draft survives reloads, sign-ins and purchases (ADR 0027); credits are bought in a sheet without leaving.
 */
export default function CreatePage() {
  const { t } = useTranslation('videos');
  useDocumentTitle(t('create.documentTitle'));
  const [params] = useSearchParams();
  const availability = useVideoAvailability();
  const { form, context } = useCreateForm(params, availability.data?.directing);
  const quality = useWatch({ control: form.control, name: 'quality' });
  const uploadedReferences = useWatch({ control: form.control, name: 'referenceImages' }).length;
  const queueEstimate = useQueueEstimate();
  // What the chosen mode's model accepts (the server's catalogue); the rest is shown disabled with the reason.
  const directing = offeredDirecting(availability.data?.directing?.[quality]);
  const unavailable = useServedMode(form, availability.data?.modes, quality);
  const [checkingImage, setCheckingImage] = useState(false);

  const extras = useDraftExtras(params);
  const draft = useCreateDraft(
    form,
    PREFILL_KEYS.some((key) => params.has(key)),
    extras,
  );
  const cast = useCastChoice(extras.castIds, uploadedReferences, directing.referenceImagesMax);
  const cost = useCreateCost(form.control, quality, extras.variations);
  const buying = useBuyCreditsSheet(cost.short);
  const submit = useCreateSubmit({
    form,
    structured: extras.structured,
    castIds: cast.knownCastIds,
    variations: extras.variations,
    short: cost.short,
    checking: checkingImage,
    onCreated: draft.discard,
    onCastRefused: cast.refetch,
    onUnavailable: () => void availability.refetch(),
    onCreditsRefused: () => buying.setOpen(true),
  });

  return (
    <div className="container-page flex flex-col gap-6 pt-8 pb-28 sm:pt-10 lg:pb-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('create.title')}</h1>
        <p className="text-muted-foreground">
          {t('create.subtitle', lengthRange(directing.clipSecondsChoices))}
        </p>
      </header>
      <CreateNotices
        restored={draft.restored}
        short={cost.short}
        cost={cost.cost}
        balance={cost.balance}
        arrived={buying.arrived}
        onBuy={() => buying.setOpen(true)}
      />

      <form
        ref={submit.formRef}
        noValidate
        onSubmit={submit.onSubmit}
        aria-busy={submit.busy || undefined}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        data-testid="create-form"
      >
        <CreateFieldsCard
          form={form}
          extras={extras}
          cast={{ ids: cast.knownCastIds, missing: cast.missing, uploadedReferences }}
          directing={directing}
          unavailable={unavailable}
          costEach={cost.costEach}
          images={{
            from: params.get('from'),
            checking: checkingImage,
            onChecking: setCheckingImage,
            onRefused: (message) => {
              context.firstFrameRefused = message;
            },
          }}
          disabled={submit.busy}
          onChange={submit.changed}
        />
        <CreateSubmitPanel
          cost={cost.cost}
          videos={extras.variations}
          balance={cost.balance}
          balanceError={cost.balanceError}
          showPricing={submit.creditsRefused}
          onBuy={() => buying.setOpen(true)}
          error={submit.formError}
          busy={submit.busy}
          blocked={cost.short || checkingImage || unavailable(quality) || cast.problem !== undefined}
          queue={queueEstimate.data?.[quality]}
        />
      </form>
      <BuyCreditsSheet
        open={buying.open}
        onOpenChange={buying.setOpen}
        missing={cost.balance === undefined ? 0 : Math.max(0, cost.cost - cost.balance)}
      />
    </div>
  );
}

/** The chosen mode's model's shortest and longest clip (the server's catalogue): the subtitle names no fixed length. */
function lengthRange(lengths: readonly number[]): { min: number; max: number } {
  return { min: Math.min(...lengths), max: Math.max(...lengths) };
}
