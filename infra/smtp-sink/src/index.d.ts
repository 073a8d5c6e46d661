export interface Message {
  /** Sequence number within this sink, as a string. */
  id: string;
  /** The From header, decoded (e.g. `"Fairway Mind" <no-reply@fairwaymind.local>`). */
  from: string;
  /** Envelope recipients (RCPT TO), so Bcc recipients are included. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names lower-cased, values decoded; repeated headers joined with "\n". */
  headers: Record<string, string>;
  attachments: { filename: string | null; contentType: string; size: number }[];
  envelope: { from: string; to: string[] };
  raw: string;
  /** ISO 8601 time the sink accepted the message. */
  receivedAt: string;
}

export interface SmtpSinkOptions {
  /** SMTP port; 0 (default) picks a free one. */
  smtpPort?: number;
  /** HTTP API port; 0 (default) picks a free one; false or null starts no HTTP API. */
  httpPort?: number | false | null;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Called with one line per accepted message or error. */
  log?: (line: string) => void;
}

export interface SmtpSink {
  smtpPort: number;
  httpPort: number | null;
  host: string;
  /** A copy of the messages received so far, oldest first (the last 1000 are kept). */
  messages(): Message[];
  clear(): void;
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate?: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  /** While on, every MAIL FROM is refused with `code` (default 451, a temporary failure). */
  setFailing(on: boolean, code?: number): void;
  isFailing(): boolean;
  close(): Promise<void>;
}

export function startSmtpSink(options?: SmtpSinkOptions): Promise<SmtpSink>;
