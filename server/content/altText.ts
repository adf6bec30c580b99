import { badRequest } from '../http/errors.ts';

/**
 * Alt text (issue 19). A member may write up to ACCESSIBILITY_CAPTION_MAX_LENGTH characters per
 * photo (Instagram's limit is about 100 too); without it, the payload carries a description made
 * from what the post already says: who shared it, when, where, and who is tagged.
 */
export const ACCESSIBILITY_CAPTION_MAX_LENGTH = 100;

/**
 * The written alt text of a request field: trimmed, whitespace runs (line breaks included)
 * folded to one space, null when empty. Too long is a 400 with a message, never cut silently.
 */
export function parseAccessibilityCaption(raw: string | undefined): string | null {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (text.length > ACCESSIBILITY_CAPTION_MAX_LENGTH) {
    throw badRequest(`Alt text can be at most ${ACCESSIBILITY_CAPTION_MAX_LENGTH} characters.`);
  }
  return text === '' ? null : text;
}

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Formatted days, kept: ICU's format cost more than the rest of a post's serialization. */
const formattedDays = new Map<number, string>();
const DAY_SECONDS = 86_400;

function dayOf(unixSeconds: number): string {
  const day = Math.floor(unixSeconds / DAY_SECONDS);
  let text = formattedDays.get(day);
  if (text === undefined) {
    if (formattedDays.size >= 4096) formattedDays.clear();
    text = DATE.format(day * DAY_SECONDS * 1000);
    formattedDays.set(day, text);
  }
  return text;
}

function listOf(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export interface AltTextFacts {
  /** The owner's full name, else their username. */
  ownerName: string;
  /** Unix seconds. */
  takenAt: number;
  placeName: string | null;
  taggedUsernames: string[];
  isVideo?: boolean;
  /** 1-based position and count of a carousel's photo; absent for a single photo. */
  position?: { index: number; count: number };
}

/**
 * "Photo by Ada Lovelace on March 3, 2026. At Lisbon Pier. With @bob and @carol." A carousel's
 * photo says which one it is: "Photo 2 of 3 by …"; a video says "Video".
 */
export function defaultAccessibilityCaption(facts: AltTextFacts): string {
  const which = facts.position ? ` ${facts.position.index} of ${facts.position.count}` : '';
  const parts = [
    `${facts.isVideo ? 'Video' : 'Photo'}${which} by ${facts.ownerName} on ${dayOf(facts.takenAt)}.`,
  ];
  if (facts.placeName) parts.push(`At ${facts.placeName}.`);
  const tagged = facts.taggedUsernames.slice(0, 5).map((u) => `@${u}`);
  const more = facts.taggedUsernames.length - tagged.length;
  if (more > 0) tagged.push(`${more} more`);
  if (tagged.length > 0) parts.push(`With ${listOf(tagged)}.`);
  return parts.join(' ');
}
