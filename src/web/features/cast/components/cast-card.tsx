import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CastMember } from '#shared/cast';
import { formatDate } from '#shared/format';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useDeleteCastMember } from '../api/cast';
import { CastRenameForm } from './cast-rename-form';

/** One member: its images, kind, description and consent date; rename in place, delete after confirming. */
export function CastCard({ member }: { member: CastMember }) {
  const { t } = useTranslation('cast');
  const remove = useDeleteCastMember();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onDelete = async () => {
    try {
      await remove.mutateAsync(member.id);
      setConfirming(false);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('list.error'));
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
          <CastRenameForm member={member} onDone={() => setRenaming(false)} />
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
            onClick={() => setRenaming(true)}
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
