import { expect, test, type Page } from './fixtures';
import { QUERY_IDS } from '../src/api/queryIds';
import { expectAccessible } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

// Relationships, profile and activity against the real server with the demo seed. Accounts to
// act on are found through the app's own suggested-users query, so the spec does not depend on
// the seed's names: suggestions are people demo neither follows nor has requested.

interface SuggestedNode {
  user: { id: string; username: string; is_private?: boolean };
}

async function logIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  // Login ends with a full page load of home ('/accounts/login/' also ends with a slash).
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
}

/** Suggested accounts (not followed, not requested, no block) as the logged-in page sees them. */
async function suggestions(page: Page): Promise<SuggestedNode['user'][]> {
  const variables = JSON.stringify({ fetch_suggested_count: 50, fetch_media_count: 0 });
  const res = await page.request.get(
    `/graphql/query/?query_id=${QUERY_IDS.suggestedUsers}&variables=${encodeURIComponent(variables)}`,
  );
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    data: { user: { edge_suggested_users: { edges: { node: SuggestedNode }[] } } };
  };
  return body.data.user.edge_suggested_users.edges.map((e) => e.node.user);
}

class ProfileView {
  constructor(
    readonly page: Page,
    readonly username: string,
  ) {}

  async goto() {
    await this.page.goto(`/${this.username}/`);
    await expect(this.page.getByRole('heading', { level: 1, name: this.username })).toBeVisible();
  }

  get header() {
    return this.page.locator('header.profile-header');
  }

  button(name: string) {
    return this.header.getByRole('button', { name, exact: true });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }
}

test.describe('relationships', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('a post opens as a modal over the profile grid and closes with Escape and back', async ({
    page,
  }) => {
    const profile = new ProfileView(page, DEMO.username);
    await profile.goto();
    const firstPost = page.getByRole('link', { name: /^Photo by/ }).first();
    await firstPost.click();
    await expect(page).toHaveURL(/\/p\/[^/]+\/\?taken-by=demo$/);
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    // The profile stays underneath the modal.
    await expect(profile.header).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/demo\/$/);

    await firstPost.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/demo\/$/);
  });

  test("a profile's Tagged tab lists the posts its owner is tagged in, each tagging them", async ({
    page,
  }) => {
    const profile = new ProfileView(page, DEMO.username);
    await profile.goto();
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Tagged' })
      .click();
    await expect(page).toHaveURL(/\/demo\/tagged\/$/);
    await expect(page).toHaveTitle(/Photos of @demo/);
    const tiles = page.getByRole('link', { name: /^Photo by/ });
    await expect(tiles.first()).toBeVisible();
    // Others' posts: the seed tags demo in posts of the people it follows.
    await tiles.first().click();
    const post = page.getByRole('dialog');
    await expect(page).toHaveURL(/\/p\/[^/]+\/\?taken-by=demo$/);
    const author = post.locator('.post-header').getByRole('link').first();
    await expect(author).not.toHaveText(DEMO.username);
    await post.getByRole('button', { name: 'Tagged people' }).click();
    await expect(
      post.getByRole('list', { name: 'Tagged people' }).getByRole('link', { name: DEMO.username }),
    ).toBeVisible();
    await expectAccessible(page, 'tagged post over the Tagged tab');
  });

  test('following a private account shows Requested', async ({ page }) => {
    const target = (await suggestions(page)).find((u) => u.is_private);
    expect(target, 'the seed has a private account demo does not follow').toBeTruthy();
    const profile = new ProfileView(page, target!.username);
    await profile.goto();
    await expect(page.getByText('This account is private')).toBeVisible();
    await profile.button('Follow').click();
    await expect(profile.button('Requested')).toBeVisible();
    // The request is stored: it survives a reload.
    await page.reload();
    await expect(profile.button('Requested')).toBeVisible();
    // Clicking Requested withdraws it.
    await profile.button('Requested').click();
    await expect(profile.button('Follow')).toBeVisible();
  });

  test('blocks and unblocks a user through the dialogs', async ({ page }) => {
    const target = (await suggestions(page)).find((u) => !u.is_private);
    expect(target, 'the seed has a public account demo does not follow').toBeTruthy();
    const username = target!.username;
    const profile = new ProfileView(page, username);
    await profile.goto();

    await profile.header.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'Block this user' }).click();
    const confirmBlock = profile.dialog(`Block ${username}?`);
    await expect(confirmBlock).toBeVisible();
    await expectAccessible(page, 'the block confirmation');
    await confirmBlock.getByRole('button', { name: 'Block', exact: true }).click();
    const blocked = profile.dialog(`${username} is blocked`);
    await expect(blocked).toBeVisible();
    await expectAccessible(page, 'the blocked notice');
    await Promise.all([
      page.waitForEvent('load'),
      blocked.getByRole('button', { name: 'Dismiss' }).click(),
    ]);
    await expect(profile.button('Unblock')).toBeVisible();

    await profile.button('Unblock').click();
    const confirmUnblock = profile.dialog(`Unblock ${username}?`);
    await expect(confirmUnblock).toBeVisible();
    await expectAccessible(page, 'the unblock confirmation');
    await confirmUnblock.getByRole('button', { name: 'Unblock', exact: true }).click();
    const unblocked = profile.dialog(`You unblocked ${username}`);
    await expect(unblocked).toBeVisible();
    await expectAccessible(page, 'the unblocked notice');
    await Promise.all([
      page.waitForEvent('load'),
      unblocked.getByRole('button', { name: 'Dismiss' }).click(),
    ]);
    await expect(profile.button('Follow')).toBeVisible();
  });

  test('approves a follow request in activity', async ({ page }) => {
    await page.goto('/accounts/activity');
    const entry = page.getByRole('link', { name: /Follow requests/ });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(page).toHaveURL(/\/accounts\/activity\?followRequests=1$/);
    const list = page.getByRole('list', { name: 'Follow requests' });
    const row = list.getByRole('listitem').first();
    const requester = (await row.getByRole('link').last().textContent())?.trim() ?? '';
    await row.getByRole('button', { name: 'Confirm' }).click();
    // An approved request offers a follow control instead of Confirm / Delete.
    await expect(row.getByRole('button', { name: /^(Follow|Following|Requested)$/ })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    // Browser back returns to the notification list.
    await page.goBack();
    await expect(page).toHaveURL(/\/accounts\/activity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();

    // The requester now follows demo.
    const res = await page.request.get(
      `/api/v1/users/web_profile_info/?username=${encodeURIComponent(requester)}`,
    );
    const body = (await res.json()) as { data: { user: { follows_viewer: boolean } } };
    expect(body.data.user.follows_viewer).toBe(true);
  });
});
