/**
 * A notification as it is pushed to a viewer's open streams and devices, and as the cluster bus
 * carries it between instances (push.ts, cluster-bus.ts).
 */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string | null;
  kind: string;
  createdAt: string;
  /** The one profile a content notice is for; absent or null: the whole account's (account, billing). */
  profileId?: string | null;
}

declare module '../../../lib/cluster-bus' {
  interface ClusterEvents {
    /** A notification for the viewer's open streams (see PushHub). */
    push: { userId: string; message: PushMessage };
    /** These sessions were revoked: end the notification streams opened under them (see PushHub). */
    sessions_ended: { sessionIds: string[] };
  }
}
