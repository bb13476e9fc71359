import { settingsPatchSchema, userSettingsSchema } from './accounts';
import { defineContract } from './api-contract';

/** `/api/me/settings`: notification preferences (docs/history-contract.md). */
export const notificationsContract = defineContract({
  getSettings: {
    method: 'get',
    path: '/api/me/settings',
    summary: 'Notification settings',
    tag: 'accounts',
    auth: 'session',
    responses: { 200: { description: '`{ notifyOnVideoReady }`.', schema: userSettingsSchema } },
  },
  updateSettings: {
    method: 'patch',
    path: '/api/me/settings',
    summary: 'Change notification settings',
    tag: 'accounts',
    auth: 'session',
    body: { schema: settingsPatchSchema },
    responses: { 200: { description: '`{ notifyOnVideoReady }`.', schema: userSettingsSchema } },
  },
});
