/**
 * Joins class names, skipping falsy values: cn('a', cond && 'b', undefined) → 'a b'.
 * It does not resolve Tailwind conflicts (no tailwind-merge): to override a component's default utility, use the
 * important modifier, e.g. `<CardTitle className="text-2xl!">`.
 */
export type ClassValue = string | number | false | null | undefined;

export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
