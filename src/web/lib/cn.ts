/** Joins class names, skipping falsy values: cn('a', cond && 'b', undefined) → 'a b'. */
export type ClassValue = string | number | false | null | undefined;

export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
