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
 * Every message is written to the outbox table (the local setup reads it via
 * GET /v1/dev/outbox); when SMTP_URL is set it is also sent over SMTP.
 */
export class Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly from: string,
    private readonly transport: MailTransport | null,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({
        id: newId('mail'),
        to_address: message.to.toLowerCase(),
        subject: message.subject,
        text_body: message.text,
        kind: message.kind,
        created_at: nowIso(),
        delivered_via: this.transport?.name ?? 'outbox',
      })
      .execute();
    if (!this.transport) return;
    // Delivery failures must not fail the request that triggered the email.
    this.transport
      .send(message, this.from)
      .catch((err) => this.log(`SMTP delivery to ${message.to} failed`, err));
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
