import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
  code: string | null;
  created_at: number;
}

/** The newest development-outbox message to `to` (SMS codes, reset links), waiting for it. */
export async function latestOutboxMessage(
  request: APIRequestContext,
  to: string,
  newerThan?: OutboxMessage,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/outbox/?to=${encodeURIComponent(to)}&limit=5`);
      const body = (await res.json()) as { messages: OutboxMessage[] };
      found = body.messages[0];
      return found !== undefined && found.code !== newerThan?.code;
    })
    .toBe(true);
  return found as OutboxMessage;
}
