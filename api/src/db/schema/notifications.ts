/**
 * The notifications domain's tables: notices and the channels that carry them (push tokens,
 * tickets for the event stream). Column conventions: ./index.ts.
 */
import type { Generated } from 'kysely';

export interface StreamTicketsTable {
  ticket_hash: string;
  session_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

export interface PushTokensTable {
  token: string;
  user_id: string;
  session_id: string;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  /** A notice about content for one profile; null: the whole account's (account, billing). */
  profile_id: Generated<string | null>;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface NotificationsTables {
  stream_tickets: StreamTicketsTable;
  push_tokens: PushTokensTable;
  notifications: NotificationsTable;
}
