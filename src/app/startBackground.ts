// Work that starts with the page but never blocks its first render: telemetry, the device-info
// and page-timing events it carries, and the service worker. One lazily loaded chunk for all of
// it keeps the first load small (bench/cases/feed.ts counts every script a visit downloads).
import { logDeviceInfoIfDue } from '../lib/deviceInfo';
import { logPageTimingAfterLoad } from '../lib/pageTiming';
import { startTelemetry } from '../lib/telemetry';
import { registerServiceWorker } from '../sw/register';

export function startBackground(): void {
  startTelemetry();
  registerServiceWorker();
  logDeviceInfoIfDue();
  logPageTimingAfterLoad();
}
