import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { newId, nowIso } from '../../../lib/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage, from: string): Promise<void>;
}

/**
 * Every message is recorded in the outbox table; when SMTP_URL is set it is also sent over SMTP.
 *
 * What the outbox keeps depends on `keepContent`. Only the local setup (DEV_ROUTES=1: npm start,
 * npm run dev, the browser tests) reads messages back, through GET /v1/dev/outbox, and only it keeps
 * their subject and text. Anywhere else a row is what an operator needs (recipient, kind, time, how
 * it was delivered) and no content: subjects and texts carry sign-up, verification and reset codes,
 * and a copy of them in the database would hand an account to whoever reads a backup or a replica.
 */
export class Mailer {
  private readonly delivering = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly from: string,
    private readonly transport: MailTransport | null,
    private readonly log: (msg: string, err?: unknown) => void,
    private readonly keepContent = false,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = newId('mail');
    await this.db
      .insertInto('outbox')
      .values({
        id,
        to_address: message.to.toLowerCase(),
        subject: this.keepContent ? message.subject : '',
        text_body: this.keepContent ? message.text : '',
        kind: message.kind,
        created_at: nowIso(),
        delivered_via: this.transport?.name ?? 'outbox',
        delivery_status: this.transport ? 'sending' : 'recorded',
      })
      .execute();
    if (!this.transport) return;
    // Delivery failures must not fail the request that triggered the email; the row says how it went.
    const delivery: Promise<void> = this.transport
      .send(message, this.from)
      .then(
        () => this.settle(id, 'sent'),
        (err: unknown) => {
          this.log(`SMTP delivery to ${message.to} failed`, err);
          return this.settle(id, 'failed');
        },
      )
      .finally(() => this.delivering.delete(delivery));
    this.delivering.add(delivery);
  }

  /** Resolves once every message handed to the mail server so far has its outcome recorded (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.delivering.size) await Promise.all([...this.delivering]);
  }

  private settle(id: string, status: 'sent' | 'failed'): Promise<void> {
    return this.db
      .updateTable('outbox')
      .set({ delivery_status: status })
      .where('id', '=', id)
      .execute()
      .then(
        () => undefined,
        (err: unknown) => this.log(`could not record the delivery of ${id} as ${status}`, err),
      );
  }
}

export async function smtpTransport(url: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message, from) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/**
 * Empties the subject and text of every outbox row, as kept before this policy or by a local run on
 * the same database. Runs at start outside the local setup; resolves to how many rows it emptied.
 */
export async function purgeOutboxContent(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ subject: '', text_body: '' })
    .where((eb) => eb.or([eb('subject', '<>', ''), eb('text_body', '<>', '')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
