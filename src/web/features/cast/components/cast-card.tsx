import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_NAME_MAX_LENGTH, type CastMember } from '#shared/cast';
import { formatDate } from '#shared/format';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useDeleteCastMember, useUpdateCastMember } from '../api/cast';

/** One member: its images, kind, description and consent date; rename in place, delete after confirming. */
export function CastCard({ member }: { member: CastMember }) {
  const { t } = useTranslation('cast');
  const update = useUpdateCastMember();
  const remove = useDeleteCastMember();
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(member.name);
  const [confirming, setConfirming] = useState(false);

  const fail = (error: unknown) => toast.error(isApiError(error) ? error.message : t('list.error'));

  const onRename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !name.trim()) return;
    try {
      await update.mutateAsync({ id: member.id, change: { name } });
      setRenaming(false);
    } catch (error) {
      fail(error);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(member.id);
      setConfirming(false);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Card data-testid="cast-member" data-kind={member.kind}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <ul className="grid grid-cols-3 gap-2">
          {member.imageUrls.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={`${member.name} ${index + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-md border object-cover"
              />
            </li>
          ))}
        </ul>
        {renaming ? (
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
                if (event.key === 'Escape') setRenaming(false);
              }}
              data-testid="cast-rename-input"
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={update.isPending} disabled={!name.trim()}>
                {t('list.save')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRenaming(false)}>
                {t('list.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-base font-semibold break-words" data-testid="cast-member-name">
              {member.name}
            </h2>
            <Badge variant="secondary">{t(`kinds.${member.kind}`)}</Badge>
          </div>
        )}
        {member.description ? (
          <p className="text-sm break-words text-muted-foreground">{member.description}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {t('list.images', { count: member.imageUrls.length })}
          {member.likenessConsentAt
            ? ` · ${t('list.consentAt', { date: formatDate(new Date(member.likenessConsentAt)) })}`
            : ''}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setName(member.name);
              setRenaming(true);
            }}
            aria-label={`${t('list.rename')}: ${member.name}`}
          >
            <Pencil aria-hidden="true" />
            {t('list.rename')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`${t('list.delete')}: ${member.name}`}
            data-testid="cast-delete"
          >
            <Trash2 aria-hidden="true" />
            {t('list.delete')}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('list.deleteTitle', { name: member.name })}
        description={t('list.deleteBody')}
        cancelLabel={t('list.cancel')}
        confirmLabel={t('list.deleteConfirm')}
        onConfirm={() => void onDelete()}
        pending={remove.isPending}
        confirmTestId="cast-delete-confirm"
      />
    </Card>
  );
}
