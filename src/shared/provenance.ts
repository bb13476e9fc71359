import { z } from 'zod';

/**
 * Content Credentials (C2PA, ADR 0065): what Cena records of how a delivered MP4 was made, and what
 * `POST /api/verify` answers about a file. Shared by the signer (src/server/provenance), the verifier and the
 * `/verificar` page.
 */

/** IPTC's digital source type of media made by a trained model (https://cv.iptc.org/newscodes/digitalsourcetype/). */
export const TRAINED_ALGORITHMIC_MEDIA =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

/** What Cena did to the model's file before delivering it, each recorded as a `c2pa.edited` action. */
export const EDITS = ['joined', 'trimmed', 'reframed', 'captioned', 'marked'] as const;
export type Edit = (typeof EDITS)[number];

/** The action's description in the manifest: English, for the platforms and tools that read it. */
export const EDIT_DESCRIPTIONS: Record<Edit, string> = {
  joined: 'Clips joined into one video',
  trimmed: 'Trimmed',
  reframed: 'Reframed to another aspect ratio',
  captioned: 'Captions burned into the picture',
  marked: 'Trial watermark drawn on the picture',
};

/** The largest file `/api/verify` reads: above the longest film Cena delivers. */
export const VERIFY_MAX_BYTES = 256 * 1024 * 1024;
export const VERIFY_MAX_MEGABYTES = VERIFY_MAX_BYTES / (1024 * 1024);

export const VERIFY_MESSAGES = {
  tooLarge: `Arquivo grande demais. Envie um vídeo de até ${VERIFY_MAX_MEGABYTES} MB.`,
  notMp4: 'Envie um vídeo MP4 (.mp4). Outros tipos de arquivo não são verificados.',
  nothing: 'Envie um vídeo ou cole um link da Cena.',
  both: 'Envie um vídeo ou um link, não os dois.',
  notCenaLink: 'Esse não é um link de vídeo da Cena (ele começa com o endereço da Cena e tem /v/).',
  linkGone: 'Este link não está mais disponível.',
} as const;

/** Where a verified file's signing time comes from (`VerifyResult.signedAtSource`). */
const SIGNED_AT_SOURCES = ['timestamp', 'signer_clock'] as const;

const verifyActionSchema = z.strictObject({
  /** The C2PA action: `c2pa.created`, `c2pa.edited`, … */
  action: z.string(),
  /** Cena's edit when the description is one of Cena's, so the page can word it. */
  edit: z.enum(EDITS).nullable(),
  description: z.string().nullable(),
  /** IPTC digital source type (the created action). */
  digitalSourceType: z.string().nullable(),
});

export const verifyResultSchema = z.strictObject({
  /**
   * `valid`: a manifest whose signature and hashes match the file; `invalid`: a manifest that does not match it
   * (the file was changed after signing, or the signature is broken); `none`: no Content Credentials.
   */
  credentials: z.enum(['valid', 'invalid', 'none']),
  /** Signed under one of Cena's roots (C2PA_TRUST_ANCHORS) with Cena as the claim generator. */
  madeByCena: z.boolean(),
  /** The signing certificate's organization and name. */
  signer: z.string().nullable(),
  /** ISO time the credentials were signed, when recorded. */
  signedAt: z.string().nullable(),
  /**
   * Who vouches for `signedAt`: `timestamp` — a time-stamp authority's RFC 3161 token in the signature; `signer_clock` — only the signer's own clock (the actions' `when`), which the signature covers but no
   * third party attests; null with no time. Cena's files say `signer_clock` (no authority is asked, ADR 0065).
   */
  signedAtSource: z.enum(SIGNED_AT_SOURCES).nullable(),
  /** The claim generator: `Cena 0.1.0`. */
  generator: z.string().nullable(),
  /** The video model's id, from the created action. */
  model: z.string().nullable(),
  /** The created action names trainedAlgorithmicMedia: the picture was made by a model. */
  aiGenerated: z.boolean(),
  actions: z.array(verifyActionSchema),
  /** The validation codes that failed (C2PA 2.3 §15), for an `invalid` answer. */
  failures: z.array(z.string()),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
export type VerifyAction = z.infer<typeof verifyActionSchema>;

/** `POST /api/verify`: a video, or a Cena share link (`https://…/v/{slug}`), not both. */
export const verifyFormSchema = z.strictObject({
  file: z.file().optional(),
  link: z.string().max(2048).optional(),
});

export const editOf = (description: string | null): Edit | null =>
  EDITS.find((edit) => EDIT_DESCRIPTIONS[edit] === description) ?? null;
