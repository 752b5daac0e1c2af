import { useSyncExternalStore } from 'react';

/** One-line notices that survive a navigation (e.g. "logout successful" shown on the home page). */
let message: string | null = null;
const listeners = new Set<() => void>();

export const flash = {
  show(text: string) {
    message = text;
    listeners.forEach((l) => l());
  },
  dismiss() {
    message = null;
    listeners.forEach((l) => l());
  },
};

export function useFlash(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => message,
  );
}
