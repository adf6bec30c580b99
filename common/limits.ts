/**
 * Text limits the client checks while the member types and the server enforces: the original
 * service's 2200 characters for a caption, a comment and a story's text, a profile's name and bio.
 */
export const CAPTION_MAX_LENGTH = 2200;
export const COMMENT_MAX_LENGTH = 2200;
export const STORY_TEXT_MAX_LENGTH = 2200;
export const FULL_NAME_MAX_LENGTH = 64;
export const BIOGRAPHY_MAX_LENGTH = 150;
/** The search box's text (the server refuses a longer query). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
