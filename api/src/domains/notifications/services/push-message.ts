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
}
