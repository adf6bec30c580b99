import { expect, test } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';
import { postStory } from './pages/postStory';

// Issue 18: the owner's "Seen by N" opens the list of who saw the story (the list itself, paged
// and with viewers, is covered by tests/server/story-viewers.test.ts and the dialog's unit test).

test('the owner opens the viewers list from "Seen by" and closes it back to the story', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await postStory(page);

  await page.goto(`/stories/${DEMO.username}/`);
  const viewer = page.getByRole('dialog', { name: 'Stories' });
  const seenBy = viewer.getByRole('button', { name: /^Seen by \d+ (person|people)$/ });
  await expect(seenBy).toBeVisible({ timeout: 45_000 });
  await seenBy.click();
  const list = page.getByRole('dialog', { name: /^Viewers \(\d+\)$/ });
  await expect(list).toBeVisible();
  // Nobody else has seen a story made a moment ago.
  await expect(list).toContainText('No one has seen this story yet.');
  // The story waits paused meanwhile; Escape closes the list only, and focus comes back.
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(viewer).toBeVisible();
  await expect(seenBy).toBeFocused();
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeVisible();
});
