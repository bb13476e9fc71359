import { defineContract } from './api-contract';
import {
  API_KEY_LIMITS,
  adminApiKeyListSchema,
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from './api-keys';

/**
 * `/api/me/api-keys`, Perfil → Desenvolvedores (ADR 0063, docs/features/api-keys.md). Key management takes the
 * session cookie only: a key can never make or revoke keys.
 */
export const apiKeysContract = defineContract({
  createApiKey: {
    method: 'post',
    path: '/api/me/api-keys',
    summary: 'Create an API key (name, scopes read/create, daily credit limit); its token is shown once',
    description:
      'Send the token as `Authorization: Bearer <token>`. The server keeps a hash of it, never the token: a lost token cannot be shown again, only revoked and replaced.',
    tag: 'api-keys',
    auth: 'session',
    body: { schema: createApiKeySchema },
    responses: {
      201: {
        description: '`{ apiKey }` with its `token`, the only time it is shown.',
        schema: createdApiKeySchema,
      },
    },
    errors: {
      too_many_api_keys: {
        status: 409,
        description: `The account already has ${API_KEY_LIMITS.activeMax} active keys (pt-BR message)`,
      },
    },
  },
  listApiKeys: {
    method: 'get',
    path: '/api/me/api-keys',
    summary: "The account's active API keys, newest first, with their last use (never their tokens)",
    tag: 'api-keys',
    auth: 'session',
    responses: { 200: { description: '`{ apiKeys }`.', schema: apiKeyListSchema } },
  },
  revokeApiKey: {
    method: 'delete',
    path: '/api/me/api-keys/{id}',
    summary: 'Revoke an API key: refused at once by every process (idempotent)',
    tag: 'api-keys',
    auth: 'session',
    responses: { 200: { description: '`{ revoked: true }`.', schema: revokedApiKeySchema } },
    errors: { not_found: { status: 404, description: 'No such key of this user (or a malformed id)' } },
  },
});

/** `/api/admin/api-keys` (ADR 0063): every account's keys by their requests, and the admin's revoke. */
export const adminApiKeysContract = defineContract({
  listAllApiKeys: {
    method: 'get',
    path: '/api/admin/api-keys',
    summary: 'API keys of every account, most requests first (the 100 busiest), revoked ones included',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: '`{ apiKeys }` with owner and request counts.', schema: adminApiKeyListSchema },
    },
  },
  adminRevokeApiKey: {
    method: 'delete',
    path: '/api/admin/api-keys/{id}',
    summary: "Revoke any account's API key: refused at once by every process (idempotent)",
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: '`{ revoked: true }`.', schema: revokedApiKeySchema } },
    errors: { not_found: { status: 404, description: 'No such key (or a malformed id)' } },
  },
});
