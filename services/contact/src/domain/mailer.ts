import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailContent } from './mail.templates';

/** What a mail may carry besides its content: a sender other than MAIL_FROM, and its place in a thread. */
export interface MailEnvelope {
  /** Instead of MAIL_FROM (the reply to a contact message is from SUPPORT_EMAIL). */
  from?: { name: string; address: string };
  /** A Message-ID the sender chose, so a later reply can be threaded on it. */
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post for a mail a member may leave in one click). */
  headers?: Record<string, string>;
}

export interface OutgoingMail extends MailContent, MailEnvelope {
  to: string;
}

/**
 * SMTP over SMTP_URL. A refused or failed send rejects, so the job is retried. nodemailer (~1.2 MB
 * of heap) is loaded for the first mail, not when contact starts (docs/PERFORMANCE.md, memory).
 */
export class Mailer {
  private transport: Transporter<SMTPTransport.SentMessageInfo> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private connection(): Transporter<SMTPTransport.SentMessageInfo> {
    if (!this.transport) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
      const nodemailer = require('nodemailer') as typeof Nodemailer;
      this.transport = nodemailer.createTransport(
        { url: this.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: this.from },
      );
    }
    return this.transport;
  }

  /** Resolves with the Message-ID once the SMTP server accepted the mail. */
  async send(mail: OutgoingMail): Promise<string | null> {
    const info = await this.connection().sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      ...(mail.from ? { from: mail.from } : {}),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
      ...(mail.references ? { references: mail.references } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      // A text/calendar alternative (method=REQUEST) that calendar programs offer to add.
      icalEvent: mail.calendar,
      ...(mail.headers ? { headers: mail.headers } : {}),
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return typeof info.messageId === 'string' ? info.messageId : null;
  }

  close(): void {
    this.transport?.close();
  }
}
