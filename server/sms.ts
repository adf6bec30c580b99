import type { DB } from './db/database.ts';

/** Sends a text message. `code` is the verification code inside `body`, when there is one. */
export interface SmsSender {
  send(to: string, body: string, code?: string): Promise<void>;
}

/**
 * The development sender: nothing leaves the machine. Messages land in the outbox table (read
 * back at GET /dev/outbox/ outside production) and in the log, so a developer or an e2e test can
 * complete phone signup and two-factor login without a real SMS gateway.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  async send(to: string, body: string, code?: string): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: to, body, code: code ?? null, created_at: this.now() })
      .execute();
    this.log(`[sms] to ${to} : ${body}`);
  }
}
