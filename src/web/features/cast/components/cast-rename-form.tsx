import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_NAME_MAX_LENGTH, type CastMember } from '#shared/cast';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useUpdateCastMember } from '../api/cast';

/** A member's name edited in place, starting from its name: saved on Enter, given up on Escape or 'Cancelar'. */
export function CastRenameForm({ member, onDone }: { member: CastMember; onDone: () => void }) {
  const { t } = useTranslation('cast');
  const update = useUpdateCastMember();
  const id = useId();
  const [name, setName] = useState(member.name);

  const onRename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !name.trim()) return;
    try {
      await update.mutateAsync({ id: member.id, change: { name } });
      onDone();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('list.error'));
    }
  };

  return (
    <form onSubmit={onRename} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={`${id}-rename`} className="sr-only">
        {t('list.renameLabel', { name: member.name })}
      </label>
      <Input
        id={`${id}-rename`}
        value={name}
        maxLength={CAST_NAME_MAX_LENGTH}
        autoFocus
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        data-testid="cast-rename-input"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={update.isPending} disabled={!name.trim()}>
          {t('list.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('list.cancel')}
        </Button>
      </div>
    </form>
  );
}
