/**
 * The shape a translation must have given the pt-BR source (declared `as const`): the same keys, any strings.
 * Use it to type another language's file: `const en: LocaleShape<typeof ptBR> = { … }`.
 */
export type LocaleShape<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly LocaleShape<U>[]
    : { -readonly [K in keyof T]: LocaleShape<T[K]> };
