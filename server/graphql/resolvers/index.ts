// Graph resolvers register themselves on import; server/app.ts imports this module once.
import './embed.ts';
import './feed.ts';
import './people.ts';
import './postFeeds.ts';
import './posts.ts';
import './stories.ts';
