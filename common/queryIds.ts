// Fixed graph query ids, defined once and shared by the client (src/api/*) and the server
// (server/graphql/*). GET /graphql/query/?query_id=<id>&variables=<JSON>.
export const QUERY_IDS = {
  feed: '17842794232208280',
  feedExtras: '17863787143139595',
  reelsTray: '17890626976041463',
  reelsMedia: '17873473675158481',
  commentsByShortcode: '17852405266163336',
  likersByShortcode: '17864450716183058',
  followers: '17851374694183129',
  following: '17874545323001329',
  embedMedia: '17890591837123454',
  discover: '17863787143139500',
  mediaCollections: '17875800862117404',
  collectionPosts: '17885113105037631',
  hashtagMedia: '17875800862117405',
  locationMedia: '17881432870018455',
  profileTimeline: '17888483320059182',
  profileTagged: '17889803220059183',
  savedMedia: '17885113105037632',
  contactHistory: '17892410893047822',
  suggestedUsers: '17847560125201451',
  profileChaining: '17845312237175864',
  postByShortcode: '17852405266163337',
  promotions: '17845312237175865',
} as const;

export type QueryName = keyof typeof QUERY_IDS;
export type QueryId = (typeof QUERY_IDS)[QueryName];

// Pure: the client never reads it, and its bundle leaves it out.
export const QUERY_NAME_BY_ID: Record<string, QueryName> = /* @__PURE__ */ Object.fromEntries(
  Object.entries(QUERY_IDS).map(([name, id]) => [id, name as QueryName]),
);
