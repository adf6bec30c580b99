import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

/** Page object for the nav search box and its dropdown (accessible names as a user reads them). */
class NavSearch {
  constructor(readonly page: Page) {}

  get box() {
    return this.page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  }

  get results() {
    return this.page.getByRole('listbox', { name: 'Search results' });
  }

  option(name: string | RegExp) {
    return this.results.getByRole('option', { name });
  }

  /** Types like a person; `delay` 0 types as fast as keys can go. */
  async type(text: string, delay = 40) {
    await this.box.click();
    await expect(this.page).toHaveURL(/\/explore\/search\/$/);
    await this.box.pressSequentially(text, { delay });
  }
}

/** A grid of post thumbnails on explore, hashtag and location pages. */
const postLinks = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).getByRole('link', { name: /^Photo by / });

test.describe('search and explore', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(DEMO.username, DEMO.password);
    await expect(page).not.toHaveURL(/\/accounts\/login\//);
  });

  test('a name typed with Enter straight after it opens the first person found', async ({
    page,
  }) => {
    const search = new NavSearch(page);
    // Typed fast, Enter comes before the answer to "ana" (searches are throttled to one per
    // 250 ms, so "ana" is asked for after "a"): it waits for that answer and opens its first
    // result, the seeded Lisbon photographer, not the first answer to "a".
    await search.type('ana\n', 0);
    await expect(page).toHaveURL(/\/ana\.[a-z0-9._]+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^ana\./ })).toBeVisible();
  });

  test("'#sunset' finds the hashtag, whose page shows top and recent posts", async ({ page }) => {
    const search = new NavSearch(page);
    await search.type('#sunset');
    const tag = search.option(/#sunset/);
    await expect(tag.first()).toBeVisible();
    await expect(search.results.getByRole('option', { name: /^[^#]/ })).toHaveCount(0);
    await tag.first().click();
    await expect(page).toHaveURL(/\/explore\/tags\/sunset\/$/);
    await expect(page.getByRole('heading', { level: 1, name: '#sunset' })).toBeVisible();
    await expect(page.getByText(/\d+ posts?/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top posts' })).toBeVisible();
    await expect(postLinks(page, 'Top posts').first()).toBeVisible();
    await expect(postLinks(page, 'Most recent posts').first()).toHaveAttribute(
      'href',
      /\?tagged=sunset$/,
    );
  });

  test('a query nothing matches says so', async ({ page }) => {
    const search = new NavSearch(page);
    await search.type('qqqzzzxxy');
    await expect(page.getByRole('banner').getByText('No results found.')).toBeVisible();
  });

  test('the directory leads from Portugal to Lisbon to a location page with posts', async ({
    page,
  }) => {
    await page.goto('/explore/locations/');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await page.getByRole('link', { name: 'Portugal', exact: true }).click();
    await expect(page).toHaveURL(/\/explore\/locations\/PT\/$/);
    await expect(page.getByRole('heading', { name: 'Cities in Portugal' })).toBeVisible();
    await page.getByRole('link', { name: 'Lisbon', exact: true }).click();
    await expect(page).toHaveURL(/\/explore\/locations\/c\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Places in Lisbon, Portugal' })).toBeVisible();
    const place = page.locator('.directory__list').getByRole('link').first();
    const name = (await place.textContent()) ?? '';
    await place.click();
    await expect(page).toHaveURL(/\/explore\/locations\/\d+\/[a-z0-9-]+\/$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('img', { name: `Map pin for ${name}` })).toBeVisible();
    await expect(postLinks(page, 'Most recent posts').first()).toHaveAttribute(
      'href',
      /\?taken-at=\d+$/,
    );
  });

  test('the explore grid loads and a post opens in the modal over it', async ({ page }) => {
    await page.goto('/explore/');
    const posts = postLinks(page, 'Explore posts');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThan(0);
    await expect(posts.first()).toHaveAttribute('href', /^\/p\/[^/]+\/\?explore=1$/);
    await posts.first().click();
    const modal = page.getByRole('dialog', { name: 'Post' });
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/p\/[^/]+\/\?explore=1$/);
    // The grid stays underneath; closing returns to it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/explore\/$/);
    await expect(posts.first()).toBeVisible();
  });
});
