let settled: Promise<unknown> = Promise.resolve();

/**
 * Ends once the first screen, with its code and data, is on screen (or after a patience: app/screen.tsx decides):
 * what can wait until then (the navigation bar's bell and account menu, a demand's live socket) takes neither
 * bandwidth nor the main thread from it. Later screens find it ended.
 */
export const firstScreenSettled = () => settled;

/** Set once, by the first visit's fetch of its screen (fetchFirstScreen). */
export function settleFirstScreenWith(done: Promise<unknown>) {
  settled = done;
}
