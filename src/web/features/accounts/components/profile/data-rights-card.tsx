import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DeleteAccountBody } from '#shared/account-rights';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toaster';
import { formatCredits, useCredits } from '#web/features/credits';
import { isApiError } from '#web/lib/api';
import { useDeleteAccount, useExportMyData } from '../../api/account-rights';
import type { Me } from '../../api/me';
import { type DeleteAccountForm, deleteAccountFormSchema } from '../../lib/form-schemas';
import { PasswordField } from '../password-field';
import { TotpCodeField } from '../totp-code-field';

/** The refusals the delete form shows under its own fields; anything else is a toast. */
const PASSWORD_CODES = new Set(['wrong_password', 'password_not_set']);
const CODE_CODES = new Set(['two_factor_required', 'wrong_two_factor_code']);

/** "Apagar minha conta" with the confirmation that says what is lost and what is kept (LGPD art. 18, VI). */
function DeleteAccountDialog({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const credits = useCredits();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const twoFactor = me.user.twoFactorEnabled;
  const schema = useMemo(() => deleteAccountFormSchema(t, twoFactor), [t, twoFactor]);
  const form = useForm<DeleteAccountForm, unknown, DeleteAccountBody>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', code: '' },
  });

  const onOpenChange = (value: boolean) => {
    if (remove.isPending) return;
    setOpen(value);
    if (!value) form.reset();
  };

  const onSubmit = async (body: DeleteAccountBody) => {
    try {
      await remove.mutateAsync(body);
      toast.success(t('profile.dataRights.deleted'), {
        description: t('profile.dataRights.deletedDescription'),
      });
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      const message = isApiError(error) ? error.message : t('profile.dataRights.deleteError');
      if (PASSWORD_CODES.has(code)) form.setError('password', { message });
      else if (CODE_CODES.has(code)) form.setError('code', { message });
      else toast.error(t('profile.dataRights.deleteError'), { description: message });
    }
  };

  const balance = credits.data?.balance;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive" data-testid="delete-account">
          <Trash2 aria-hidden="true" />
          {t('profile.dataRights.delete')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="delete-account-dialog">
        <DialogHeader>
          <DialogTitle>{t('profile.dataRights.confirmTitle')}</DialogTitle>
          <DialogDescription>{t('profile.dataRights.confirmIntro')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 text-sm">
          <div>
            <p className="font-medium">{t('profile.dataRights.lostTitle')}</p>
            <ul className="mt-1 list-disc pl-5 text-muted-foreground">
              <li>
                {balance === undefined
                  ? t('profile.dataRights.lostCreditsUnknown')
                  : t('profile.dataRights.lostCredits', { count: balance, value: formatCredits(balance) })}
              </li>
              <li>{t('profile.dataRights.lostVideos')}</li>
              <li>{t('profile.dataRights.lostSubscription')}</li>
              <li>{t('profile.dataRights.lostProfile')}</li>
            </ul>
          </div>
          <div>
            <p className="font-medium">{t('profile.dataRights.keptTitle')}</p>
            <p className="mt-1 text-muted-foreground">{t('profile.dataRights.kept')}</p>
          </div>
          <p className="text-muted-foreground">{t('profile.dataRights.exportFirst')}</p>
        </div>
        <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <PasswordField
            control={form.control}
            name="password"
            inputName="delete-password"
            autoComplete="current-password"
            label={t('profile.dataRights.password')}
          />
          {twoFactor ? (
            <TotpCodeField
              control={form.control}
              name="code"
              inputName="delete-code"
              label={t('profile.dataRights.code')}
            />
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {t('profile.dataRights.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="destructive"
            loading={form.formState.isSubmitting}
            data-testid="confirm-delete-account"
          >
            {t('profile.dataRights.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Profile → security: "Seus dados": download everything Cena keeps, or delete the account. */
export function DataRightsCard({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const exportData = useExportMyData();
  const titleId = useId();

  const onExport = async () => {
    try {
      const name = await exportData.mutateAsync();
      toast.success(t('profile.dataRights.exported'), { description: name });
    } catch (error) {
      toast.error(t('profile.dataRights.exportError'), {
        description: isApiError(error) && error.status !== 0 ? error.message : undefined,
      });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h3" id={titleId}>
          {t('profile.dataRights.title')}
        </CardTitle>
        <CardDescription>{t('profile.dataRights.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          onClick={() => void onExport()}
          loading={exportData.isPending}
          data-testid="export-data"
        >
          <Download aria-hidden="true" />
          {t('profile.dataRights.export')}
        </Button>
        <DeleteAccountDialog me={me} />
      </CardContent>
    </Card>
  );
}
