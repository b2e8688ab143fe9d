/** Why a signed media address is refused now; null when it may be served. */
export interface MediaRefusal {
  statusCode: 401 | 403 | 404 | 409;
  message: string;
  errors?: Record<string, string>;
}

/** Who may fetch a signed media address now (media-access.ts); kept apart so the context imports no service. */
export interface MediaAccessCheck {
  check(
    titleId: string,
    mediaKey: string,
    lease: string | null,
    ceiling?: number,
  ): Promise<MediaRefusal | null>;
  /** Streams ended on this instance are refused at once, not after the cached second. */
  forget(): void;
}
