import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CastMember, castFitProblem } from '#shared/cast';
import { FieldError, FieldHint } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';
import { useCast } from '../api/cast';

/** How many reference images the chosen members bring. */
export function castImageCount(members: readonly CastMember[], ids: readonly string[]): number {
  return members.filter((member) => ids.includes(member.id)).reduce((sum, m) => sum + m.imageUrls.length, 0);
}

/**
 * The create page's Elenco: checkboxes of the user's members. What fits comes from the chosen mode's model (its
 * reference-image count, the catalogue): a member that would not fit beside what is chosen is disabled with why,
 * and the server checks the same rule again (409 before any hold).
 */
export function CastPicker({
  value,
  onChange,
  referenceImagesMax,
  uploadedReferences,
  disabled,
  missing,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  referenceImagesMax: number;
  /** Reference images chosen as files on the form: they share the model's count. */
  uploadedReferences: number;
  disabled?: boolean;
  /** A duplicated request named members that no longer exist. */
  missing?: boolean;
}) {
  const { t } = useTranslation('cast');
  const cast = useCast();
  const id = useId();
  const members = cast.data ?? [];
  const used = castImageCount(members, value) + uploadedReferences;
  const problem = castFitProblem(castImageCount(members, value), uploadedReferences, referenceImagesMax);

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={`${id}-hint`}
      data-testid="cast-picker"
    >
      <legend className="mb-2 text-sm leading-none font-medium">{t('picker.legend')}</legend>
      <FieldHint id={`${id}-hint`}>
        {t('picker.hint')}{' '}
        {referenceImagesMax === 0 ? t('picker.none') : t('picker.fits', { max: referenceImagesMax, used })}
      </FieldHint>
      {cast.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('picker.loading')}
        </p>
      ) : members.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Users aria-hidden="true" className="size-4" />
          {t('picker.empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {members.map((member) => {
            const checked = value.includes(member.id);
            const left = referenceImagesMax - used;
            const fits = checked || member.imageUrls.length <= left;
            const reasonId = `${id}-${member.id}-reason`;
            return (
              <li key={member.id}>
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    checked ? 'border-primary bg-primary-soft' : 'border-border hover:bg-accent',
                    (!fits || disabled) && 'cursor-not-allowed opacity-60',
                  )}
                  data-testid="cast-option"
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={disabled || !fits}
                    onChange={() =>
                      onChange(checked ? value.filter((item) => item !== member.id) : [...value, member.id])
                    }
                    className="size-4 shrink-0 accent-primary"
                    aria-describedby={fits ? undefined : reasonId}
                  />
                  {member.imageUrls[0] ? (
                    <img src={member.imageUrls[0]} alt="" className="size-10 rounded object-cover" />
                  ) : null}
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{member.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {t(`kinds.${member.kind}`)} · {t('list.images', { count: member.imageUrls.length })}
                    </span>
                    {fits ? null : (
                      <span id={reasonId} className="text-xs text-muted-foreground">
                        {t('picker.tooMany', {
                          name: member.name,
                          count: member.imageUrls.length,
                          left: Math.max(0, left),
                        })}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {missing ? <FieldHint>{t('picker.missing')}</FieldHint> : null}
      <FieldError data-testid="cast-picker-error">{problem}</FieldError>
      <Link
        to="/dashboard/cast"
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t('picker.manage')}
      </Link>
    </fieldset>
  );
}
