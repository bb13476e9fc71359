import { LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useSignOutEverywhere } from '../../api/sign-out';
import { authErrorMessage } from '../../lib/auth-errors';

/** 'Sair de todos os dispositivos' (with a confirmation): revokes every session, this one included. */
export function SessionsCard() {
  const { t } = useTranslation('accounts');
  const signOutEverywhere = useSignOutEverywhere();
  const titleId = useId();
  const [open, setOpen] = useState(false);

  const onConfirm = async () => {
    try {
      await signOutEverywhere.mutateAsync();
      toast.success(t('profile.sessions.success'));
    } catch (error) {
      setOpen(false);
      toast.error(t('profile.sessions.error'), {
        description: authErrorMessage(error, t, t('profile.sessions.error')),
      });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h3" id={titleId}>
          {t('profile.sessions.title')}
        </CardTitle>
        <CardDescription>{t('profile.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(value) => !signOutEverywhere.isPending && setOpen(value)}>
          <DialogTrigger asChild>
            <Button variant="outline" className="text-destructive">
              <LogOut aria-hidden="true" />
              {t('profile.sessions.signOutAll')}
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('profile.sessions.confirmTitle')}</DialogTitle>
              <DialogDescription>{t('profile.sessions.confirmBody')}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)} disabled={signOutEverywhere.isPending}>
                {t('profile.sessions.cancel')}
              </Button>
              <Button variant="destructive" onClick={onConfirm} loading={signOutEverywhere.isPending}>
                {t('profile.sessions.confirm')}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
