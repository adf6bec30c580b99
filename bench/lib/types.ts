/** Shapes shared by the runner, the cases and the report writers. */
import type { Browser } from 'playwright-core';
import type { BenchServer } from './server';
import type { Session } from './session';

export type EntryStatus = 'ok' | 'skipped' | 'error';
export type Extra = Record<string, number | string | boolean | null>;

/** One row of the table and one object in latest.json. */
export interface Entry {
  case: string;
  input: string;
  contender: string;
  /** What was measured, e.g. "time", "frame time", "throughput". */
  metric: string;
  unit: string;
  status: EntryStatus;
  median?: number;
  min?: number;
  max?: number;
  p95?: number;
  runs?: number;
  samples?: number[];
  /** This contender's median over another's (or over a floor); null when not computable. */
  ratios?: Record<string, number | null>;
  /** Other figures of this contender (bytes, PSNR, memory …), already rounded. */
  extra?: Extra;
  higherIsBetter?: boolean;
  /** Why a row was skipped or failed. */
  note?: string;
}

/** What every case gets, the standalone ones (own servers, no browser) included. */
export interface CaseEnv {
  quick: boolean;
  gpu: boolean;
  /** Uncounted warm-up rounds and counted rounds per contender. */
  warmup: number;
  runs: number;
  /** --members N: simulated members of the load case (its default when absent). */
  members?: number;
  /** --database-url postgres://…: the load case runs on PostgreSQL (a database it may empty). */
  databaseUrl?: string;
  log(line: string): void;
}

/** The shared server (demo seed), a logged-in demo session and the browser. */
export interface BenchEnv extends CaseEnv {
  browser: Browser;
  server: BenchServer;
  session: Session;
}

/**
 * A case either uses the runner's shared server, session and browser, or (standalone) starts
 * the servers it needs itself: a run of standalone cases only launches no browser.
 */
export type BenchCase =
  | { name: string; title: string; standalone?: false; run(env: BenchEnv): Promise<Entry[]> }
  | { name: string; title: string; standalone: true; run(env: CaseEnv): Promise<Entry[]> };

export interface CaseOutcome {
  name: string;
  title: string;
  status: EntryStatus;
  seconds: number;
  entries: Entry[];
  error?: string;
}
