import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from './helpers.ts';
import { quickUser } from './content-fixtures.ts';

// People search reads index ranges for names that start with the query and a trigram index
// (migration 018) for names that contain it, instead of scanning every member. Renames must
// reach the index at once; a query shorter than three characters matches starts of names only.

describe('people search through its indexes', () => {
  let t: TestApp;
  let anon: TestClient;
  const found = async (query: string) => {
    const res = await anon.get(
      `/web/search/topsearch/?context=user&query=${encodeURIComponent(query)}`,
    );
    expect(res.statusCode).toBe(200);
    return (res.json() as { users: { user: { username: string } }[] }).users.map(
      (u) => u.user.username,
    );
  };
  const rename = (username: string, fields: { username?: string; full_name?: string }) =>
    t.ctx.db.updateTable('users').set(fields).where('username', '=', username).execute();

  beforeAll(async () => {
    t = await createTestApp();
    anon = new TestClient(t.app);
    for (const [username, full_name] of [
      ['mariana.x', 'Mariana Quintela'],
      ['quint', 'Rui Quintas'],
      ['zoe', 'Zoë Ångström'],
      ['qa', ''],
    ]) {
      const { id } = await quickUser(t.ctx, username);
      await t.ctx.db.updateTable('users').set({ full_name }).where('id', '=', id).execute();
    }
  });
  afterAll(async () => t.close());

  it('finds a name by any part of it, in either case', async () => {
    expect(await found('ARIAN')).toEqual(['mariana.x']);
    expect(await found('uint')).toEqual(['mariana.x', 'quint']);
    expect(await found('ngstr')).toEqual(['zoe']);
  });

  it('finds members by their new name and no longer by the old one after a rename', async () => {
    await rename('quint', { full_name: 'Rui Barbosa' });
    expect(await found('quintas')).toEqual([]);
    expect(await found('barbos')).toEqual(['quint']);
    await rename('mariana.x', { username: 'mari.q' });
    expect(await found('mariana.x')).toEqual([]);
    expect(await found('ri.q')).toEqual(['mari.q']);
  });

  it('matches the start of usernames and names for one or two characters', async () => {
    expect(await found('qa')).toEqual(['qa']);
    expect(await found('ru')).toEqual(['quint']);
    // "ui" is inside "quint" and "Rui", but two characters only match starts.
    expect(await found('ui')).toEqual([]);
  });

  it('answers a query with control characters with nobody, not an error', async () => {
    expect(await found('rui\u0007')).toEqual([]);
    const nul = await anon.get('/web/search/topsearch/?context=user&query=rui%00');
    expect(nul.statusCode).toBe(400);
  });
});
