import { useTranslation } from 'react-i18next';
import { CAST_KINDS, type CastKind } from '#shared/cast';

/** The member's kind (character, product or style), one radio each drawn as a chip. */
export function CastKindField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: CastKind;
  onChange: (kind: CastKind) => void;
}) {
  const { t } = useTranslation('cast');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{t('form.kind')}</legend>
      <div className="flex flex-wrap gap-2">
        {CAST_KINDS.map((kind) => (
          <label
            key={kind}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="accent-primary"
              data-testid={`cast-kind-${kind}`}
            />
            {t(`kinds.${kind}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
