import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@mayorista/core/constants';

/**
 * Toasts of the screens and routes and the business constants: one visible at a time (a new one replaces the current), 5000 ms by
 * default, default and destructive styles, an optional action. The <Toaster> renders this store.
 */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant' | 'duration'>> {
  id: number;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    action: input.action,
    open: true,
  };
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id: item.id, dismiss: () => dismissToast(item.id) };
}

export function dismissToast(id?: number): void {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * The person moved on (another page, another search): an error about what they did before would
 * only mislead now, so it goes; confirmations stay their time.
 */
export function dismissErrorToasts(): void {
  if (!toasts.some((t) => t.variant === 'destructive')) return;
  toasts = toasts.filter((t) => t.variant !== 'destructive');
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
