import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
  /** Files sent along, their content as text (e.g. a game's .ics). */
  attachments: { filename: string; contentType: string; content: string }[];
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests follow the links in the
 * mails the app really sent.
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const text = parsed.text ?? "";
          this.mails.push({
            to: toField.flatMap((group) => group.value.map((address) => (address.address ?? "").toLowerCase())),
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/[^\s>"')]+/g) ?? [],
            attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? "", contentType: file.contentType, content: file.content.toString("utf8") })),
            messageId: parsed.messageId ?? "",
          });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for the next mail to `to` whose subject contains `subject` (case-insensitive). */
  async waitFor(to: string, subject: string | RegExp, options: { after?: number; timeoutMs?: number } = {}): Promise<CaughtMail> {
    // Generous: mails leave through the job queue, whose worker shares two busy cores with the other
    // test files; what a test checks is the mail, not how fast it came.
    const { after = 0, timeoutMs = 20_000 } = options;
    const matches = (mail: CaughtMail) =>
      mail.to.includes(to.toLowerCase()) &&
      (typeof subject === "string" ? mail.subject.toLowerCase().includes(subject.toLowerCase()) : subject.test(mail.subject));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.slice(after).findLast(matches);
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no mail to ${to} with subject ${String(subject)} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
