/**
 * Password length, for every form and the server (design §6: at least 8 everywhere; at most 128, Better Auth's
 * `maxPasswordLength`, which also bounds the argon2 work an attacker can ask for).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
