import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CastMember } from '#shared/cast';
import { FieldHint } from '#web/components/ui/input';
import { castImageCount, useCast } from '#web/features/cast';
import { cn } from '#web/lib/cn';

/**
 * The Elenco a story may cast (the new story's form), or who of it is in one shot (`only` the story's members,
 * `max` the reference images a shot carries: `model.referencesPerShot`, which the server checks again — 422
 * cast_does_not_fit). A member that would not fit beside those chosen is disabled with why.
 */
export function StoryCastField({
  value,
  onChange,
  disabled,
  only,
  max,
  legend,
}: {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  only?: readonly string[];
  max?: number;
  legend?: string;
}) {
  const { t } = useTranslation('stories');
  const cast = useCast();
  const members = (cast.data ?? []).filter((member) => !only || only.includes(member.id));
  if (only && members.length === 0) return null;
  const used = castImageCount(members, [...value]);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid={only ? 'shot-cast' : 'story-cast'}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend ?? t('idea.cast')}</legend>
      <FieldHint>{max === undefined ? t('idea.castHint') : t('shot.castFits', { max, used })}</FieldHint>
      {cast.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('idea.castLoading')}
        </p>
      ) : members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('idea.castEmpty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {members.map((member) => (
            <CastChip
              key={member.id}
              member={member}
              checked={value.includes(member.id)}
              left={max === undefined ? Number.POSITIVE_INFINITY : max - used}
              disabled={disabled}
              onToggle={(checked) =>
                onChange(checked ? [...value, member.id] : value.filter((id) => id !== member.id))
              }
            />
          ))}
        </ul>
      )}
      {only ? null : (
        <Link
          to="/dashboard/cast"
          className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t('idea.castManage')}
        </Link>
      )}
    </fieldset>
  );
}

function CastChip({
  member,
  checked,
  left,
  disabled,
  onToggle,
}: {
  member: CastMember;
  checked: boolean;
  left: number;
  disabled?: boolean;
  onToggle: (checked: boolean) => void;
}) {
  const { t } = useTranslation('stories');
  const fits = checked || member.imageUrls.length <= left;
  return (
    <li className="flex flex-col">
      <label
        className={cn(
          'flex min-h-10 cursor-pointer items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
          checked ? 'border-primary bg-primary-soft' : 'border-border hover:bg-accent',
          (!fits || disabled) && 'cursor-not-allowed opacity-60',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled || !fits}
          onChange={() => onToggle(!checked)}
          className="size-4 shrink-0 accent-primary"
        />
        {member.imageUrls[0] ? (
          <img src={member.imageUrls[0]} alt="" className="size-8 rounded-full object-cover" />
        ) : null}
        <span className="font-medium">{member.name}</span>
      </label>
      {fits ? null : (
        <span className="px-2 text-xs text-muted-foreground">
          {t('shot.castTooMany', {
            name: member.name,
            count: member.imageUrls.length,
            left: Math.max(0, left),
          })}
        </span>
      )}
    </li>
  );
}
