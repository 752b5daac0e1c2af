/** Who asks the workshop for something: the signed-in user, and the request to name in the jobs it starts. */
export interface Requester {
  id: string;
  /** Named in the log lines of the jobs the request starts. */
  requestId?: string;
}
