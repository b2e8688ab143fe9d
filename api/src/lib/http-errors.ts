/** An error the global handler turns into the envelope with this status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = "You don't have access to this resource.") =>
  new HttpError(403, message);
/** The problem code of a kids-profile refusal, in `errors.profile`: the client asks for the account password. */
export const KIDS_PROFILE = 'kids_profile';
export const kidsProfileRefused = (
  message = "A kids profile can't do this. Switch to a grown-up profile with the account password.",
) => new HttpError(403, message, { profile: KIDS_PROFILE });
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 429, naming the limit that refused (a bounded label of the rate-limit metric). */
export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    retryAfterSeconds: number,
    readonly limiter: string,
  ) {
    super(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

export const tooManyRequests = (retryAfterSeconds: number, message: string, limiter: string) =>
  new RateLimitedError(message, retryAfterSeconds, limiter);
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new HttpError(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** The row a lookup found, or a 404 telling the viewer what does not exist. */
export async function foundOr404<T>(lookup: Promise<T | undefined>, message: string): Promise<T> {
  const row = await lookup;
  if (row === undefined) throw notFound(message);
  return row;
}
