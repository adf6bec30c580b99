import { expect, type Page } from '../fixtures';
import { QUERY_IDS } from '../../src/api/queryIds';
import { DEMO, LoginPage } from './LoginPage';

// What the story creation specs share: the camera photo, logging the demo member in, and the
// GraphQL reads that find the new story.

export const STORY_PHOTO = 'tests/fixtures/photos/camera-samsung-j3-orientation6.jpg';
export const isHome = (url: URL) => url.pathname === '/';

export async function logInDemo(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);
}

export async function graph<T>(
  page: Page,
  name: keyof typeof QUERY_IDS,
  variables: object,
): Promise<T> {
  const qs = `query_id=${QUERY_IDS[name]}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const res = await page.request.get(`/graphql/query/?${qs}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}
