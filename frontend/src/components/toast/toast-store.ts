/**
 * Toast state (SPEC §9): at most one toast at a time; a dismissed toast is kept (closed) for
 * TOAST_REMOVE_DELAY ms before it is removed; open toasts close after their duration
 * (default 5000 ms). Pure reducer, so it is easy to test; the provider wires the timers.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** ms before it closes by itself; default 5000. */
  duration?: number;
};

export type ToastItem = ToastOptions & {
  id: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
};

export type ToastAction =
  | { type: 'ADD'; toast: ToastItem }
  | { type: 'UPDATE'; id: string; patch: Partial<ToastOptions> }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

export function toastReducer(state: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'ADD':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'UPDATE':
      return state.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t));
    case 'DISMISS':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'REMOVE':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let counter = 0;
export function nextToastId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}
