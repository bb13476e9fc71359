import { z } from 'zod';
import { type ConfigReading, emptyAsUndefined, optionalString } from './env-values.server';

/**
 * The NFS-e emitter (ADR 0041): `off`, `local` (a test nota served by the app, never in production) or `focus`
 * (Focus NFe's API, https://focusnfe.com.br/doc/#nfse). Unset: `local` outside production, `off` in it.
 */
export const nfseEnv = z.object({
  NFSE_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['off', 'local', 'focus']).optional()),
  NFSE_FOCUS_TOKEN: optionalString,
  NFSE_FOCUS_API_BASE: z.preprocess(emptyAsUndefined, z.url().default('https://api.focusnfe.com.br')),
  NFSE_WEBHOOK_SECRET: optionalString,
  NFSE_PRESTADOR_CNPJ: optionalString,
  NFSE_INSCRICAO_MUNICIPAL: optionalString,
  NFSE_CODIGO_MUNICIPIO: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{7}$/)
      .optional(),
  ),
  NFSE_ITEM_LISTA_SERVICO: optionalString,
  NFSE_CODIGO_TRIBUTARIO_MUNICIPIO: optionalString,
  NFSE_ALIQUOTA_ISS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(5).optional()),
  NFSE_SIMPLES_NACIONAL: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  NFSE_SERVICE_DESCRIPTION: z.preprocess(
    emptyAsUndefined,
    z.string().default('Créditos para geração de vídeos curtos com IA na Cena'),
  ),
});

type NfseEnv = z.infer<typeof nfseEnv>;

/** The prestador (Cena's company) and the service, as every nota states them. */
export interface NfseService {
  cnpj: string;
  inscricaoMunicipal: string;
  codigoMunicipio: string;
  /** The municipal service code (LC 116/2003 list item). */
  itemListaServico: string;
  codigoTributarioMunicipio: string | undefined;
  aliquota: number | undefined;
  simplesNacional: boolean;
  description: string;
}

export type NfseConfig =
  | { provider: 'off' }
  | { provider: 'local'; description: string }
  | {
      provider: 'focus';
      token: string;
      apiBase: string;
      /** The value Focus NFe sends back in each hook's Authorization header; unset: polling alone. */
      webhookSecret: string | undefined;
      service: NfseService;
    };

const REQUIRED_FOR_FOCUS = [
  'NFSE_FOCUS_TOKEN',
  'NFSE_PRESTADOR_CNPJ',
  'NFSE_INSCRICAO_MUNICIPAL',
  'NFSE_CODIGO_MUNICIPIO',
  'NFSE_ITEM_LISTA_SERVICO',
] as const;

export function nfseConfig(env: NfseEnv, reading: ConfigReading): NfseConfig {
  const provider = env.NFSE_PROVIDER ?? (reading.isProduction ? 'off' : 'local');
  if (provider === 'off') return { provider };
  if (provider === 'local') {
    // The local emitter's notas are not fiscal documents: production must issue real ones or none.
    if (reading.isProduction) reading.problems.push('  NFSE_PROVIDER: `local` is refused in production');
    return { provider, description: env.NFSE_SERVICE_DESCRIPTION };
  }
  for (const name of REQUIRED_FOR_FOCUS) {
    if (!env[name]) reading.problems.push(`  ${name}: required with NFSE_PROVIDER=focus`);
  }
  return {
    provider,
    token: env.NFSE_FOCUS_TOKEN ?? '',
    apiBase: env.NFSE_FOCUS_API_BASE.replace(/\/$/, ''),
    webhookSecret: env.NFSE_WEBHOOK_SECRET,
    service: {
      cnpj: env.NFSE_PRESTADOR_CNPJ ?? '',
      inscricaoMunicipal: env.NFSE_INSCRICAO_MUNICIPAL ?? '',
      codigoMunicipio: env.NFSE_CODIGO_MUNICIPIO ?? '',
      itemListaServico: env.NFSE_ITEM_LISTA_SERVICO ?? '',
      codigoTributarioMunicipio: env.NFSE_CODIGO_TRIBUTARIO_MUNICIPIO,
      aliquota: env.NFSE_ALIQUOTA_ISS,
      simplesNacional: env.NFSE_SIMPLES_NACIONAL === 'true',
      description: env.NFSE_SERVICE_DESCRIPTION,
    },
  };
}
