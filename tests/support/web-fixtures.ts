/**
 * Answers of Cena's API for page-level web tests, typed by the contract's schemas (src/shared): a field added to or
 * renamed in a schema is a type error here, and the fake API (./web-api.ts) parses each answer with its schema.
 */
import type { MeResponse } from '#shared/accounts';
import type { CreditsResponse } from '#shared/credits';
import type { HistoryPage, VideoRequestListItem } from '#shared/history-list';
import { directingOffer, LOCAL_RENDERER_CAPABILITIES, type VideoAvailability } from '#shared/video-directing';
import type { VideoQueueEstimate } from '#shared/video-queue';
import { chosenFieldsOf, type VideoRequestView } from '#shared/video-request';

const CREATED_AT = '2026-11-20T14:00:00.000Z';

/** The owner's choices of every fixture request; a chosen field the form may leave out is null (not chosen). */
const chosen = chosenFieldsOf({
  prompt: 'Um gato laranja pulando entre telhados ao pôr do sol',
  quality: 'fast',
  aspectRatio: '16:9',
  clipSeconds: 8,
});

export const me: MeResponse = {
  user: {
    id: 'user-1',
    name: 'Ana Souza',
    email: 'ana@example.com',
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: CREATED_AT,
    birthDateKnown: true,
  },
  profile: { language: 'pt', timezone: 'America/Sao_Paulo' },
  isAdmin: false,
};

export function credits(balance: number): CreditsResponse {
  return { balance, expiringSoon: { total: 0, daysLeft: null }, grants: [], entries: [] };
}

export const availability: VideoAvailability = {
  modes: { draft: true, fast: true, quality: true },
  directing: {
    draft: directingOffer(LOCAL_RENDERER_CAPABILITIES),
    fast: directingOffer(LOCAL_RENDERER_CAPABILITIES),
    quality: directingOffer(LOCAL_RENDERER_CAPABILITIES),
  },
};

const noWait = { waiting: 0, etaSeconds: 0, usualSeconds: 90, longerThanUsual: false, heldBy: null };
export const queueEstimate: VideoQueueEstimate = { draft: noWait, fast: noWait, quality: noWait };

export function videoRequest(overrides: Partial<VideoRequestView> = {}): VideoRequestView {
  return {
    id: 'req-1',
    ...chosen,
    seed: null,
    creditsUsed: 10,
    status: 'processing',
    errorMessage: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    completedAt: null,
    firstFrameUrl: null,
    referenceImageUrl: null,
    lastFrameUrl: null,
    referenceImageUrls: [],
    kind: 'original',
    sourceRequestId: null,
    derivations: {
      extend: { allowed: false, reason: null, lengthAfterSeconds: null, continuation: null },
      edit: { allowed: false, reason: null },
    },
    videoUrl: null,
    downloadUrl: null,
    thumbnailUrl: null,
    structuredPrompt: null,
    queue: null,
    variation: null,
    cast: [],
    takeChecks: [],
    technical: { provider: null, model: null, resolution: null, deliveredSeconds: null },
    ...overrides,
  };
}

export function historyItem(overrides: Partial<VideoRequestListItem> = {}): VideoRequestListItem {
  return {
    id: 'req-1',
    ...chosen,
    creditsUsed: 10,
    status: 'completed',
    createdAt: CREATED_AT,
    completedAt: CREATED_AT,
    thumbnailUrl: null,
    deliveredSeconds: 8,
    kind: 'original',
    sourceRequestId: null,
    queue: null,
    variation: null,
    story: null,
    ...overrides,
  };
}

export function historyPage(
  items: VideoRequestListItem[],
  overrides: Partial<HistoryPage> = {},
): HistoryPage {
  return {
    items,
    page: 1,
    pageSize: 10,
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / 10)),
    totalCapped: false,
    ...overrides,
  };
}
