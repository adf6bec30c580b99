import type { DB } from './db/database.ts';
import type { MediaStorage } from './media/storage.ts';
import type { SmsSender } from './sms.ts';
import type { SharedRedis } from './crossServer/redis.ts';
import type { ServerConfig } from './config.ts';
import type { AnswerCache } from './crossServer/answerCache.ts';

/** Everything a route module needs, built once in server/app.ts and passed to each module. */
export interface AppContext {
  db: DB;
  storage: MediaStorage;
  sms: SmsSender;
  config: ServerConfig;
  /** REDIS_URL's connection, shared by every server process; null keeps that state in memory. */
  redis: SharedRedis | null;
  /** Current time in unix seconds; replaceable in tests. */
  now: () => number;
  /** Whole answers kept until the next write (ANSWER_CACHE). */
  answers: AnswerCache;
}
