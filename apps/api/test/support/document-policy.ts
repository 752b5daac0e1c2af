/** A stored or generated document's policy: sandboxed without the app's origin, loading nothing (contract §11). */
export function expectDocumentPolicy(csp: string | undefined) {
  expect(csp).toMatch(/^default-src 'none'; /);
  expect(csp).toContain("img-src data:; font-src data:; base-uri 'none'; form-action 'none'");
  expect(csp).toMatch(/; sandbox allow-scripts allow-forms allow-popups allow-modals$/);
  expect(csp).not.toMatch(/allow-same-origin|https?:|\*/);
}
