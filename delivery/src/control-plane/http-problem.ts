/** An HTTP failure, answered with the Problem body every route documents. */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly extra: { currentRevision?: number; owner?: string } = {},
  ) {
    super(message);
  }
}
