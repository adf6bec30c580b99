import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';
import { postStory } from './pages/postStory';

// Issue 18 part 5: demo replies to and reacts on a member's story; the member finds both in
// Activity and the reaction in the story's viewers list. (The rules — who may answer, limits, expiry —
// are covered by tests/server/story-replies.test.ts.)

// A seeded member demo follows who has no story of their own (so the one posted here is the
// only one, whichever spec ran before), and demo answers it.
const OWNER = 'sofia.ramos';
const FAN = DEMO.username;

test('a reply and a reaction reach the owner: Activity and the viewers list', async ({
  page,
  browser,
}) => {
  test.slow(); // two members, a story made, three axe runs over WebGL surfaces
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(OWNER, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await postStory(page, '#d9734e');

  // The fan, in a browser of their own, answers the story.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const fanLogin = new LoginPage(fan);
  await fanLogin.goto();
  await fanLogin.logIn(FAN, DEMO.password);
  await expect(fan).toHaveURL((url) => url.pathname === '/');
  await fan.goto(`/stories/${OWNER}/`);
  const viewer = fan.getByRole('dialog', { name: 'Stories' });
  const field = viewer.getByRole('textbox', { name: `Reply to ${OWNER}` });
  await expect(field).toBeVisible({ timeout: 45_000 });
  await expect(field).toHaveAttribute('placeholder', `Reply to ${OWNER}…`);
  const bar = viewer.getByRole('form', { name: `Reply to ${OWNER}` });
  await expectAccessible(fan, 'the story viewer with the reply bar');
  // Writing pauses the story; sending confirms and plays on.
  await field.fill('That orange!');
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeAttached();
  await bar.getByRole('button', { name: 'Send' }).click();
  await expect(bar.getByRole('status')).toHaveText('Sent');
  await expect(field).toHaveValue('');
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeAttached();
  // Paused by hand (so the one-item reel cannot end meanwhile), a reaction leaves it paused.
  await viewer.getByRole('button', { name: 'Pause' }).click();
  await bar.getByRole('button', { name: 'React with Fire' }).click();
  await expect(bar.getByRole('status')).toHaveText('Sent');
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeAttached();
  await fanContext.close();

  // The owner's Activity lists both, each beside the story it answers.
  await page.goto('/accounts/activity/');
  const reply = page
    .getByRole('listitem')
    .filter({ hasText: 'replied to your story: That orange!' });
  const reaction = page.getByRole('listitem').filter({ hasText: 'reacted to your story: 🔥' });
  await expect(reply).toContainText(FAN);
  await expect(reply.getByRole('img', { name: 'Your story' })).toBeVisible();
  await expect(reaction).toContainText(FAN);
  await expect(reaction.getByRole('img', { name: 'Your story' })).toBeVisible();
  await expectAccessible(page, 'Activity with a story reply and reaction');
  // The story beside a reply opens in the viewer; closing comes back to Activity.
  await reply.getByRole('link', { name: 'Your story' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/stories/${OWNER}/`);
  const ownerViewer = page.getByRole('dialog', { name: 'Stories' });
  await expect(ownerViewer.getByRole('heading', { name: `Stories by ${OWNER}` })).toBeAttached();
  await ownerViewer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts/activity/');

  // The owner's viewers list shows who reacted, and with what.
  await page.goto(`/stories/${OWNER}/`);
  const seenBy = page.getByRole('button', { name: /^Seen by \d+ (person|people)$/ });
  await expect(seenBy).toBeVisible({ timeout: 45_000 });
  await seenBy.click();
  const list = page.getByRole('dialog', { name: /^Viewers \(\d+\)$/ });
  const row = list.getByRole('listitem').filter({ hasText: FAN });
  await expect(row.getByRole('img', { name: 'Reacted with Fire' })).toHaveText('🔥');
  await expectAccessible(page, 'the viewers list with a reaction');
});
