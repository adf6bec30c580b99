import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changePassword,
  deactivateAccount,
  deleteContacts,
  fetchCommentFilter,
  fetchContactHistory,
  fetchSettingsFormData,
  removeProfilePicture,
  revokeAppAccess,
  saveProfileEdit,
  setCommentFilter,
  setEmailPreference,
} from '../../../src/api/settings';
import { QUERY_IDS } from '../../../src/api/queryIds';
import { headersOf, jsonResponse, stubFetch } from '../api/fetchMock';
import { setMember } from '../app/session';
import { formDataFixture } from './fixtures';

beforeEach(() => setMember());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (init: RequestInit) => new URLSearchParams(String(init.body));

describe('settings calls (spec §7)', () => {
  it('reads the form data from /accounts/edit/?__a=1', async () => {
    const fetch = stubFetch(() => jsonResponse({ form_data: formDataFixture, status: 'ok' }));
    expect(await fetchSettingsFormData()).toEqual(formDataFixture);
    expect(fetch.mock.calls[0][0]).toBe('/accounts/edit/?__a=1');
  });

  it('posts the profile edit payload form-encoded, flags as 0/1, with CSRF headers', async () => {
    const fetch = stubFetch(() => jsonResponse({ form_data: formDataFixture, status: 'ok' }));
    await saveProfileEdit({
      first_name: 'Ava',
      email: 'ava@example.com',
      username: 'ava',
      phone_number: '',
      gender: 2,
      biography: 'Hi & bye',
      external_url: 'example.com',
      chaining_enabled: false,
      private_account: true,
    });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/accounts/edit/');
    expect(Object.fromEntries(bodyOf(init))).toEqual({
      first_name: 'Ava',
      email: 'ava@example.com',
      username: 'ava',
      phone_number: '',
      gender: '2',
      biography: 'Hi & bye',
      external_url: 'example.com',
      chaining_enabled: '0',
      private_account: '1',
    });
    expect(headersOf(init).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headersOf(init).get('X-CSRFToken')).toBe('test-token');
  });

  it('sends each mutation with the field names the server expects', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok', deleted_count: 2 }));
    await changePassword('old', 'new1', 'new2');
    await setEmailPreference('news_emails', false);
    await setCommentFilter(true);
    await revokeAppAccess('tok');
    await deleteContacts(['c1', 'c2']);
    await deactivateAccount('Need a break', 'pw');
    const sent = fetch.mock.calls.map(([url, init]) => [url, Object.fromEntries(bodyOf(init))]);
    expect(sent).toEqual([
      [
        '/accounts/password/change/',
        { old_password: 'old', new_password1: 'new1', new_password2: 'new2' },
      ],
      ['/accounts/emailpreferences/', { name: 'news_emails', subscribed: '0' }],
      ['/accounts/set_comment_filter_web/', { config_value: '1' }],
      ['/oauth/revoke_access/', { token: 'tok' }],
      ['/accounts/delete_contacts/', { node_ids: '["c1","c2"]' }],
      [
        '/accounts/remove/request/temporary/',
        { 'deletion-reason': 'Need a break', password: 'pw' },
      ],
    ]);
  });

  it('removing the profile picture posts an empty body', async () => {
    const fetch = stubFetch(() => jsonResponse({ changed_profile: true, status: 'ok' }));
    await removeProfilePicture();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/accounts/web_change_profile_picture/');
    expect(init.body).toBe('');
  });

  it('reads comment filtering and the contact history graph query', async () => {
    const fetch = stubFetch(
      () => jsonResponse({ config_value: 1, keywords: ['a'], status: 'ok' }),
      () =>
        jsonResponse({
          data: { viewer: { contact_history: [{ id: 'c1', raw_value: 'x@y.z' }] } },
          status: 'ok',
        }),
    );
    expect(await fetchCommentFilter()).toMatchObject({ config_value: 1, keywords: ['a'] });
    expect(await fetchContactHistory()).toEqual([{ id: 'c1', raw_value: 'x@y.z' }]);
    expect(String(fetch.mock.calls[1][0])).toContain(`query_id=${QUERY_IDS.contactHistory}`);
  });
});
