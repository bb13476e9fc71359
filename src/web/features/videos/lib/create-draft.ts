import { z } from 'zod';
import { STRUCTURED_PROMPT_FIELDS } from '#shared/prompt-preview';
import { VARIATIONS_MAX } from '#shared/video-request-form';
import { type CreateFormValues, TYPED_FIELDS, typedValuesFrom } from './create-form';

/**
 * The create page's draft (ADR 0027): what the user typed and chose, kept until a submit succeeds so a reload,
 * back/forward, a new sign-in or a purchase never loses it. The typed fields go to localStorage (read
 * synchronously, so the first render already shows them); the chosen files go to IndexedDB, which stores a File
 * as it is (structured clone) — no upload is made for a video that may never be sent. Both are keyed by the user,
 * so another account on the same browser never sees it.
 */

const structuredSchema = z.object({
  prompt: z.object(
    Object.fromEntries(STRUCTURED_PROMPT_FIELDS.map((field) => [field, z.string()])) as Record<
      (typeof STRUCTURED_PROMPT_FIELDS)[number],
      z.ZodString
    >,
  ),
  fromText: z.string(),
  note: z.string().nullable(),
});

/** What the page keeps beside react-hook-form's fields: the cast, the variations and the edited structured prompt. */
const extrasSchema = z.object({
  castIds: z.array(z.string()).max(20),
  variations: z.int().min(1).max(VARIATIONS_MAX),
  structured: structuredSchema.nullable(),
});

/**
 * The typed fields are the form's own (create-form.ts `TYPED_FIELDS`, derived from the shared form schema), not a
 * list written here: a list written here once forgot the clip length and the 4K master (ADR 0033 came after ADR 0027).
 */
export type CreateDraft = { typed: Partial<CreateFormValues> } & z.infer<typeof extrasSchema>;

export interface DraftImages {
  firstFrame: File | null;
  lastFrame: File | null;
  referenceImages: File[];
}

const draftKey = (userId: string) => `cena:create-draft:${userId}`;

/** The saved draft, or null when there is none or it does not parse (an older shape is dropped, not guessed at). */
export function loadDraft(userId: string): CreateDraft | null {
  try {
    const text = window.localStorage.getItem(draftKey(userId));
    if (!text) return null;
    const saved: unknown = JSON.parse(text);
    const extras = extrasSchema.safeParse(saved);
    if (!extras.success) return null;
    return { typed: typedValuesFrom(saved as Record<string, unknown>), ...extras.data };
  } catch {
    return null; // storage blocked (private mode) or a broken value: start empty
  }
}

/** Saves every typed field the form holds (`values`, as react-hook-form gives them) with the page's extras. */
export function saveDraft(
  userId: string,
  values: Partial<Record<string, unknown>>,
  extras: z.infer<typeof extrasSchema>,
): void {
  const typed = Object.fromEntries(TYPED_FIELDS.map((key) => [key, values[key]]));
  try {
    window.localStorage.setItem(draftKey(userId), JSON.stringify({ ...typed, ...extras }));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form still works.
  }
}

/** Whether the draft holds anything the user did: an untouched form is not worth restoring. */
export function isEmptyDraft(draft: CreateDraft, images: DraftImages): boolean {
  return (
    (draft.typed.prompt ?? '').trim() === '' &&
    (draft.typed.seed ?? '') === '' &&
    draft.castIds.length === 0 &&
    draft.structured === null &&
    images.firstFrame === null &&
    images.lastFrame === null &&
    images.referenceImages.length === 0
  );
}

const DB_NAME = 'cena-drafts';
const STORE = 'images';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/** The files chosen for the draft; none when IndexedDB is missing or holds nothing usable. */
export async function loadDraftImages(userId: string): Promise<DraftImages> {
  const stored = (await withStore('readonly', (store) => store.get(userId))) as
    | Partial<Record<keyof DraftImages, unknown>>
    | undefined;
  const references = Array.isArray(stored?.referenceImages) ? stored.referenceImages : [];
  return {
    firstFrame: isFile(stored?.firstFrame) ? stored.firstFrame : null,
    lastFrame: isFile(stored?.lastFrame) ? stored.lastFrame : null,
    referenceImages: references.filter(isFile),
  };
}

export async function saveDraftImages(userId: string, images: DraftImages): Promise<void> {
  await withStore('readwrite', (store) => store.put(images, userId));
}

/** After a successful submit, and only then: the next visit starts from an empty form. */
export async function clearDraft(userId: string): Promise<void> {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    // Blocked storage held nothing.
  }
  await withStore('readwrite', (store) => store.delete(userId));
}
