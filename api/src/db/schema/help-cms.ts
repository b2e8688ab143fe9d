/**
 * The help-cms domain's tables: what viewers and guests send in (help messages, problem reports,
 * marketing sign-ups). Column conventions: ./index.ts.
 */
export interface HelpMessagesTable {
  id: string;
  user_id: string;
  /** 'viewer' for what the viewer wrote; 'support' for replies. */
  author: string;
  body: string;
  page: string | null;
  created_at: string;
}

/** What a guest wrote through the help widget; the answer goes to `email` (no account). */
export interface GuestHelpMessagesTable {
  id: string;
  email: string;
  body: string;
  page: string | null;
  created_at: string;
}

export interface LogReportsTable {
  id: string;
  user_id: string | null;
  kind: string;
  message: string;
  title_id: string | null;
  episode_id: string | null;
  details_json: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface MarketingSignupsTable {
  email: string;
  type: string;
  created_at: string;
}

export interface HelpCmsTables {
  help_messages: HelpMessagesTable;
  guest_help_messages: GuestHelpMessagesTable;
  log_reports: LogReportsTable;
  marketing_signups: MarketingSignupsTable;
}
