/**
 * Every response carries a boolean status (spec §4). These are the shapes a
 * caller gets back from the client: never a thrown error.
 */
export interface ApiSuccess<T> {
  status: true;
  message: string;
  data: T;
}

export interface ApiFailure {
  status: false;
  /** What to show the viewer. Absent on a bare network failure (spec §8). */
  message?: string;
  /** HTTP status when the server answered. */
  httpStatus?: number;
  /** Login and social login: the server's whole body is handed back (spec §8). */
  body?: unknown;
  /**
   * True when the API could not be reached at all (no answer, or a proxy's 502/503/504 in its place),
   * after the client's one retry of a request safe to repeat.
   */
  network?: boolean;
  /** Field-level validation problems, when the server sent them. */
  fieldErrors?: Record<string, string>;
  /** A 503's Retry-After in seconds: when the server expects to be able to answer. */
  retryAfterSeconds?: number;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export const isSuccess = <T>(r: ApiResult<T>): r is ApiSuccess<T> => r.status === true;

/**
 * The API could not be reached, even after the client's one retry: the viewer's connection or ours;
 * either way nothing they did was lost, and trying again is the answer.
 */
const NETWORK_FAILURE_MESSAGE =
  "Can't reach Streamflix: you may be offline, or we are. Check your connection and try again.";

/** What the viewer sees for a failure: the server's message, or a clear generic one. */
export function failureMessage(r: ApiFailure): string {
  if (r.network) return NETWORK_FAILURE_MESSAGE;
  if (r.message) return r.message;
  if (r.httpStatus && r.httpStatus >= 500)
    return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed. Please try again.';
}

/** Throws the failure as an Error for code paths (TanStack Query) that expect rejections. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failureMessage(failure));
    this.name = 'ApiError';
  }
}

export function unwrap<T>(r: ApiResult<T>): T {
  if (isSuccess(r)) return r.data;
  throw new ApiError(r);
}
