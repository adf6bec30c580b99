import { embedMedia, readEmbedScope } from '../../content/embed.ts';
import { PAGE_SIZE, readAfter, readFirst, readShortcode } from '../../content/params.ts';
import { registerResolver } from '../registry.ts';

// {shortcode, scope: 'local' | 'global', first: 12, after}; visitors may embed public posts.
registerResolver('embedMedia', async (ctx, vars, viewer) =>
  embedMedia(ctx, viewer, readShortcode(vars), readEmbedScope(vars), {
    first: readFirst(vars, 'first', PAGE_SIZE.embed),
    after: readAfter(vars),
  }),
);
