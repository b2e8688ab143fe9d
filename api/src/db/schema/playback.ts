/** The playback domain's tables: the streams a household is watching now. */

export interface StreamLeasesTable {
  session_id: string;
  /** Named in this stream's signed media addresses; new each time the device takes a screen. */
  id: string;
  user_id: string;
  profile_id: string;
  title_id: string;
  started_at: string;
  expires_at: string;
}

export interface PlaybackTables {
  stream_leases: StreamLeasesTable;
}
