import { accountRightsContract } from '#shared/account-rights.contract';
import { accountsContract, authContract } from '#shared/accounts.contract';
import { adminContract } from '#shared/admin.contract';
import type { Contract } from '#shared/api-contract';
import { adminApiKeysContract, apiKeysContract } from '#shared/api-keys.contract';
import { billingContract } from '#shared/billing.contract';
import { captionsContract } from '#shared/captions.contract';
import { castContract } from '#shared/cast.contract';
import { creditsContract } from '#shared/credits.contract';
import { customerWebhooksContract } from '#shared/customer-webhooks.contract';
import { devMailboxContract } from '#shared/dev-mailbox.contract';
import { filmsContract } from '#shared/films.contract';
import { geminiWebhooksContract } from '#shared/gemini-webhooks.contract';
import { dashboardContract } from '#shared/history.contract';
import { invitesContract } from '#shared/invites.contract';
import { metaContract } from '#shared/meta.contract';
import { nfseContract } from '#shared/nfse.contract';
import { notificationsContract } from '#shared/notifications.contract';
import { payoutsContract } from '#shared/payouts.contract';
import { provenanceContract } from '#shared/provenance.contract';
import { pushContract } from '#shared/push.contract';
import { realtimeContract } from '#shared/realtime.contract';
import { reportsContract } from '#shared/reports.contract';
import { shareContract } from '#shared/share.contract';
import { storiesContract } from '#shared/stories.contract';
import { videosContract } from '#shared/videos.contract';

/** Every domain's declarations (ADR 0017): the OpenAPI document and the response check loop over them. */
export const API_CONTRACTS: readonly Contract[] = [
  metaContract,
  authContract,
  accountsContract,
  accountRightsContract,
  notificationsContract,
  pushContract,
  customerWebhooksContract,
  apiKeysContract,
  realtimeContract,
  creditsContract,
  invitesContract,
  videosContract,
  shareContract,
  reportsContract,
  provenanceContract,
  captionsContract,
  geminiWebhooksContract,
  dashboardContract,
  castContract,
  filmsContract,
  storiesContract,
  billingContract,
  nfseContract,
  adminContract,
  payoutsContract,
  adminApiKeysContract,
  devMailboxContract,
];
