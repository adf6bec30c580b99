/** Where a profile's website link points (accounts §3 websiteLinkshimmed); routes/linkshim.ts. */
export const LINKSHIM_PATH = '/web/linkshim/';

/** The linkshimmed form of a member's website, or '' without one. */
export const linkshimmed = (website: string) =>
  website ? `${LINKSHIM_PATH}?${new URLSearchParams({ u: website })}` : '';
