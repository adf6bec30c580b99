/**
 * Chromium for the bench: Debian's build through playwright-core, headless, with the flags the
 * e2e suite uses (software WebGL through SwiftShader) or, with --gpu, flags for a real GPU.
 * Also reads renderer/GPU process memory from /proc for the peak-memory figures.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const COMMON_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SOFTWARE_GL_ARGS = [
  ...COMMON_ARGS,
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
export const GPU_ARGS = [...COMMON_ARGS, '--ignore-gpu-blocklist', '--enable-gpu-rasterization'];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  browser: Browser;
  args: string[];
  version: string;
}

export async function launchBrowser(gpu: boolean): Promise<LaunchedBrowser> {
  const args = gpu ? GPU_ARGS : SOFTWARE_GL_ARGS;
  // headless: false keeps Playwright from adding its own --headless; ours is in `args`.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: false });
  return { browser, args, version: browser.version() };
}

export interface ChromeProcess {
  type: string;
  pid: number;
}

/** Every process of this browser (renderers, GPU, utilities) via the DevTools protocol. */
export async function chromeProcesses(browser: Browser): Promise<ChromeProcess[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return info.processInfo.map((p) => ({ type: p.type, pid: p.id }));
  } finally {
    await cdp.detach();
  }
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Peak resident memory of processes over a job: resets each process's high-water mark (Linux
 * clear_refs "5"), runs the job, then reads VmHWM. Returns MB per process type (the largest
 * renderer is the page's; spare renderers stay small), or null where /proc is not writable.
 */
export async function peakMemory<T>(
  browser: Browser,
  job: () => Promise<T>,
): Promise<{ result: T; peakMb: Record<string, number> | null }> {
  const processes = (await chromeProcesses(browser)).filter((p) =>
    ['renderer', 'GPU'].includes(p.type),
  );
  let resettable = processes.length > 0;
  for (const p of processes) {
    try {
      fs.writeFileSync(`/proc/${p.pid}/clear_refs`, '5');
    } catch {
      resettable = false;
    }
  }
  const result = await job();
  if (!resettable) return { result, peakMb: null };
  const peakMb: Record<string, number> = {};
  for (const p of processes) {
    const kb = statusKb(p.pid, 'VmHWM');
    if (kb === null) continue;
    const key = p.type === 'GPU' ? 'gpu' : 'renderer';
    peakMb[key] = Math.max(peakMb[key] ?? 0, kb / 1024);
  }
  return { result, peakMb };
}
