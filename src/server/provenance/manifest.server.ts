import { readFileSync } from 'node:fs';
import { EDIT_DESCRIPTIONS, type Edit, TRAINED_ALGORITHMIC_MEDIA } from '#shared/provenance';

/**
 * The manifest definition (c2pa-rs `ManifestDefinition`, https://opensource.contentauthenticity.org/docs/manifest/
 * manifest-ref) of a delivered video. Actions follow the CAI's guidance for generative AI
 * (https://opensource.contentauthenticity.org/docs/manifest/assertions-actions): `c2pa.created` first, with the
 * IPTC digital source type trainedAlgorithmicMedia and the model as its software agent, then one `c2pa.edited` per
 * thing Cena did to the model's file. Every action carries `when`, the signing time (no time-stamp authority is
 * asked, ADR 0065). Nothing about the person: no e-mail, no name, no prompt, no ids — the title is the file's
 * generic name.
 */

export interface Made {
  /** The video model's id; several (a film of scenes by different models) are joined with " + ". */
  model: string | null;
  edits: readonly Edit[];
}

const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const CLAIM_GENERATOR = { name: 'Cena', version: packageJson.version } as const;

export function manifestDefinition(made: Made, now: Date): string {
  const when = now.toISOString();
  const edits = [...new Set(made.edits)].map((edit) => ({
    action: 'c2pa.edited',
    description: EDIT_DESCRIPTIONS[edit],
    when,
  }));
  return JSON.stringify({
    claim_generator_info: [CLAIM_GENERATOR],
    title: 'video.mp4',
    format: 'video/mp4',
    assertions: [
      {
        label: 'c2pa.actions.v2',
        data: {
          actions: [
            {
              action: 'c2pa.created',
              digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
              softwareAgent: { name: made.model ?? 'unknown' },
              when,
            },
            ...edits,
          ],
        },
      },
    ],
  });
}
