/**
 * Whether a pay-per-view purchase of a solution is live for a reader (30 days from payment, until refunded):
 * a named statement, so that each pooled connection parses and plans it once. $1 the reader, $2 the solution.
 * On the paid view's path (BillingService.hasViewGrant), and the bench's baseline makes the same check.
 */
export const VIEW_GRANT = {
  name: 'view-grant',
  text: `SELECT 1 FROM solution_access_grants WHERE "userId" = $1 AND "solutionId" = $2 AND "expiresAt" > now() LIMIT 1`,
};
