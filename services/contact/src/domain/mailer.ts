import nodemailer from 'nodemailer';
import type { MailContent } from './mail.templates';

export interface OutgoingMail extends MailContent {
  to: string;
}

/** SMTP over SMTP_URL. A refused or failed send rejects, so the job is retried. */
export class Mailer {
  private readonly transport;

  constructor(smtpUrl: string, from: string) {
    this.transport = nodemailer.createTransport(
      { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from },
    );
  }

  /** Resolves with the Message-ID once the SMTP server accepted the mail. */
  async send(mail: OutgoingMail): Promise<string | null> {
    const info = await this.transport.sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      // A text/calendar alternative (method=REQUEST) that calendar programs offer to add.
      icalEvent: mail.calendar,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return typeof info.messageId === 'string' ? info.messageId : null;
  }

  close(): void {
    this.transport.close();
  }
}
