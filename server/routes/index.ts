import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth.ts';
import { devRoutes } from './dev.ts';
import { graphqlRoutes } from '../graphql/dispatch.ts';
import { mediaRoutes } from './media.ts';
import { createRoutes } from './create.ts';
import { postEditRoutes } from './postEdit.ts';
import { createSidecarRoutes } from './createSidecar.ts';
import { locationSearchRoutes } from './locationSearch.ts';
import { uploadRoutes } from './uploads.ts';
import { signupRoutes } from './signup.ts';
import { twoFactorRoutes } from './twoFactor.ts';
import { oneTapRoutes } from './oneTap.ts';
import { externalRoutes } from './external.ts';
import { passwordResetRoutes } from './passwordReset.ts';
import { settingsRoutes } from './settings.ts';
import { postRoutes } from './posts.ts';
import { friendshipRoutes } from './friendships.ts';
import { profileRoutes } from './profiles.ts';
import { storyRoutes } from './stories.ts';
import { storyCreateRoutes } from './storyCreate.ts';
import { storyReplyRoutes } from './storyReplies.ts';

import { searchRoutes } from './search.ts';
import { locationsDirectoryRoutes } from './locationsDirectory.ts';
import { promotionRoutes } from './promotions.ts';
import { telemetryRoutes } from './telemetry.ts';
import { linkshimRoutes } from './linkshim.ts';
import { cspReportRoutes } from './cspReports.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

// Every API route module, registered in this order by server/app.ts. Append one line per module.
// The page routes (SPA fallback) are not listed: app.ts registers them last.
export const routeModules: RouteModule[] = [
  authRoutes,
  mediaRoutes,
  graphqlRoutes,
  devRoutes,
  uploadRoutes,
  createRoutes,
  locationSearchRoutes,
  signupRoutes,
  twoFactorRoutes,
  oneTapRoutes,
  externalRoutes,
  passwordResetRoutes,
  settingsRoutes,
  postRoutes,
  friendshipRoutes,
  profileRoutes,
  storyRoutes,
  storyCreateRoutes,
  searchRoutes,
  locationsDirectoryRoutes,
  promotionRoutes,
  telemetryRoutes,
  linkshimRoutes,
  cspReportRoutes,
  postEditRoutes,
  createSidecarRoutes,
  storyReplyRoutes,
];
