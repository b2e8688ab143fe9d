/** A notification as the event stream and FCM's data payload carry it. */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  /** In-app path (or absolute URL) the notification opens. */
  link: string | null;
}

/** Reads an event-stream or FCM payload; anything without a title is not shown. */
export function parsePushMessage(raw: unknown): PushMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.title !== 'string' || r.title === '') return null;
  return {
    id: typeof r.id === 'string' && r.id ? r.id : `${r.title}:${String(r.createdAt ?? '')}`,
    title: r.title,
    body: typeof r.body === 'string' ? r.body : '',
    link: typeof r.link === 'string' && r.link ? r.link : null,
  };
}
