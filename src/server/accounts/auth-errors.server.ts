import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password';

/**
 * Better Auth answers its errors in English (`{ code, message }`, codes from @better-auth/core's
 * BASE_ERROR_CODES and the two-factor plugin's TWO_FACTOR_ERROR_CODES), some with no body at all (an unknown path
 * answers 404, a disabled one "Not Found" as text). Every answer of /api/auth/* with a status ≥ 400 is rewritten
 * into pt-BR here, keeping Better Auth's top-level `{ code, message }` (its client reads them) and adding Cena's
 * `error` object, so any program reading either shape finds a code and a message a person understands.
 */

const MESSAGES: Record<string, string> = {
  USER_NOT_FOUND: 'Usuário não encontrado.',
  FAILED_TO_CREATE_USER: 'Não foi possível criar a conta. Tente novamente.',
  FAILED_TO_CREATE_SESSION: 'Não foi possível iniciar a sessão. Tente novamente.',
  FAILED_TO_UPDATE_USER: 'Não foi possível atualizar a conta. Tente novamente.',
  FAILED_TO_GET_SESSION: 'Não foi possível ler a sessão. Faça login novamente.',
  INVALID_PASSWORD: 'Senha incorreta.',
  INVALID_EMAIL: 'E-mail inválido.',
  INVALID_EMAIL_OR_PASSWORD: 'E-mail ou senha incorretos.',
  INVALID_USER: 'Usuário inválido.',
  PROVIDER_NOT_FOUND: 'Provedor de login não disponível.',
  INVALID_TOKEN: 'Link inválido ou expirado. Peça um novo.',
  TOKEN_EXPIRED: 'Link expirado. Peça um novo.',
  EMAIL_NOT_VERIFIED: 'Confirme seu e-mail antes de entrar. Enviamos um novo link para sua caixa de entrada.',
  PASSWORD_TOO_SHORT: `Senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  PASSWORD_TOO_LONG: `Senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  USER_ALREADY_EXISTS: 'Não foi possível criar a conta. Tente novamente.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Não foi possível criar a conta. Tente novamente.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta conta não usa senha.',
  SESSION_EXPIRED: 'Sua sessão expirou. Faça login novamente para continuar.',
  SESSION_NOT_FRESH: 'Por segurança, faça login novamente para continuar.',
  ACCOUNT_NOT_FOUND: 'Conta não encontrada.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Requisição recusada: ela não veio do site da Cena.',
  EMAIL_ALREADY_VERIFIED: 'Este e-mail já foi confirmado.',
  INVALID_ORIGIN:
    'Requisição recusada: ela não veio do endereço da Cena. Abra a Cena pelo endereço configurado.',
  MISSING_OR_NULL_ORIGIN:
    'Requisição recusada: ela não veio do endereço da Cena. Abra a Cena pelo endereço configurado.',
  INVALID_CALLBACK_URL: 'Endereço de retorno inválido.',
  INVALID_REDIRECT_URL: 'Endereço de retorno inválido.',
  INVALID_ERROR_CALLBACK_URL: 'Endereço de retorno inválido.',
  INVALID_NEW_USER_CALLBACK_URL: 'Endereço de retorno inválido.',
  CALLBACK_URL_REQUIRED: 'Endereço de retorno obrigatório.',
  FIELD_NOT_ALLOWED: 'Campo não permitido.',
  VALIDATION_ERROR: 'Dados inválidos.',
  MISSING_FIELD: 'Campo obrigatório ausente.',
  BODY_MUST_BE_AN_OBJECT: 'O corpo da requisição deve ser um objeto JSON.',
  BAD_REQUEST: 'Requisição inválida.',
  UNSUPPORTED_MEDIA_TYPE: 'Envie os dados em JSON (Content-Type: application/json).',
  OTP_HAS_EXPIRED: 'O código expirou. Peça um novo.',
  TOTP_NOT_ENABLED: 'A verificação em duas etapas não está ativada.',
  TWO_FACTOR_NOT_ENABLED: 'A verificação em duas etapas não está ativada.',
  BACKUP_CODES_NOT_ENABLED: 'Os códigos de recuperação não estão ativados.',
  INVALID_BACKUP_CODE: 'Código de recuperação inválido.',
  INVALID_CODE: 'Código inválido.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Muitas tentativas. Faça login novamente para receber um novo desafio.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Muitas tentativas inválidas. Aguarde alguns minutos e tente novamente.',
  INVALID_TWO_FACTOR_COOKIE: 'A verificação expirou. Faça login novamente.',
  UNAUTHORIZED: 'Faça login para continuar.',
  NOT_FOUND: 'Rota não encontrada.',
  TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  SESSION_NOT_FOUND: 'Sessão não encontrada.',
};

/** The code for an answer Better Auth gave without one. */
function codeForStatus(status: number): string {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
  }
}

function fallbackMessage(status: number): string {
  if (status === 403) return 'Acesso negado.';
  if (status === 405) return 'Método não permitido.';
  if (status >= 500) return 'Erro interno. Tente novamente em instantes.';
  return 'Requisição inválida.';
}

/**
 * Errors Cena's own Better Auth hooks raise, already in pt-BR: `localized` tells translateAuthError to keep their
 * message (it is dropped from the answer).
 */
export function localizedAuthError(code: string, message: string) {
  return { code, message, localized: true };
}

export interface AuthErrorBody {
  code: string;
  message: string;
  error: { code: string; message: string };
}

/**
 * The pt-BR body for a Better Auth answer of `status` whose body (if any) was `original`. No request id in it: two
 * answers that must look alike (a known and an unknown e-mail) stay byte-for-byte equal; X-Request-Id carries it.
 */
export function translateAuthError(status: number, original: unknown): AuthErrorBody {
  const given = (original ?? {}) as { code?: unknown; message?: unknown; localized?: unknown };
  const code = typeof given.code === 'string' && given.code !== '' ? given.code : codeForStatus(status);
  const message =
    given.localized === true && typeof given.message === 'string'
      ? given.message
      : (MESSAGES[code] ?? MESSAGES[codeForStatus(status)] ?? fallbackMessage(status));
  return { code, message, error: { code, message } };
}
