import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting Tailwind utilities (no tailwind-merge: 8.5 kB
 * gzip of the first download): a component's base classes and the classes callers add must never
 * set the same property — components offer variants or props (Button `size`, DialogContent `size`)
 * for what a caller may change. See docs/decisions/006-first-download-budget.md.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
