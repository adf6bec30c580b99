import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../server/db/prepared.ts';
import type { UsersTable } from '../../server/db/schema.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** Queries built once per shape (server/db/prepared.ts) answer what building them each time does. */
describe('prepared queries', () => {
  let t: TestApp;
  let users: UsersTable[];

  beforeAll(async () => {
    t = await createTestApp();
    users = [];
    for (const [i, name] of ['ann', 'ben', 'cat', 'dan', 'eve'].entries()) {
      users.push(
        await createUser(t.ctx, {
          username: name,
          is_private: i % 2 === 1 ? 1 : 0,
          full_name: `N ${i}`,
        }),
      );
    }
  });
  afterAll(() => t.close());

  const byIds = prepared(
    'test.byIds',
    (db, p: { ids: string[]; privateOnly: boolean; after: string | null; n: number }) => {
      let q = db.selectFrom('users').select(['username']).where('id', 'in', p.ids);
      if (p.privateOnly) q = q.where('is_private', '=', 1);
      if (p.after !== null) q = q.where('username', '>', p.after);
      return q.orderBy('username').limit(p.n);
    },
  );
  const names = (rows: { username: string }[]) => rows.map((r) => r.username);

  it('gives each call its own values, for every shape, as often as it is called', async () => {
    const ids = users.map((u) => u.id);
    const cases = [
      { ids, privateOnly: false, after: null, n: 10 },
      { ids, privateOnly: false, after: null, n: 2 },
      { ids: ids.slice(2), privateOnly: false, after: null, n: 10 },
      { ids: ids.slice(0, 3), privateOnly: false, after: null, n: 10 },
      { ids, privateOnly: true, after: null, n: 10 },
      { ids, privateOnly: false, after: 'ben', n: 10 },
      { ids, privateOnly: false, after: 'dan', n: 10 },
      { ids: [ids[4]], privateOnly: false, after: 'ann', n: 1 },
    ];
    for (let round = 0; round < 2; round++) {
      for (const c of cases) {
        let built = t.ctx.db.selectFrom('users').select(['username']).where('id', 'in', c.ids);
        if (c.privateOnly) built = built.where('is_private', '=', 1);
        if (c.after !== null) built = built.where('username', '>', c.after);
        const expected = names(await built.orderBy('username').limit(c.n).execute());
        expect(names(await byIds(t.ctx.db, c))).toEqual(expected);
      }
    }
    expect(names(await byIds(t.ctx.db, cases[5]))).toEqual(['cat', 'dan', 'eve']);
  });

  it('builds a query with a very long list each time, with the same answer', async () => {
    const ids = [...users.map((u) => u.id), ...Array.from({ length: 500 }, (_, i) => `x${i}`)];
    const rows = await byIds(t.ctx.db, { ids, privateOnly: false, after: null, n: 10 });
    expect(names(rows)).toEqual(['ann', 'ben', 'cat', 'dan', 'eve']);
  });

  it('runs inside a transaction', async () => {
    const found = await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ full_name: 'Renamed' })
        .where('username', '=', 'ann')
        .execute();
      const q = prepared('test.fullName', (db, p: { name: string }) =>
        db.selectFrom('users').select('full_name').where('username', '=', p.name),
      );
      return q(trx, { name: 'ann' });
    });
    expect(found).toEqual([{ full_name: 'Renamed' }]);
  });

  it('refuses a build that computes with a parameter or writes one into the SQL', async () => {
    const computed = prepared('test.computed', (db, p: { n: number }) =>
      db
        .selectFrom('users')
        .select('username')
        .limit(p.n + 1),
    );
    await expect(computed(t.ctx.db, { n: 2 })).rejects.toThrow(/test.computed/);
    const written = prepared('test.written', (db, p: { name: string }) =>
      db.selectFrom('users').select('username').where('username', '=', sql.lit(p.name)),
    );
    await expect(written(t.ctx.db, { name: 'ann' })).rejects.toThrow(/test.written/);
    const arithmetic = prepared('test.arithmetic', (db, p: { n: number }) =>
      db.selectFrom('users').select('username').limit(Math.max(1, p.n)),
    );
    await expect(arithmetic(t.ctx.db, { n: 3 })).rejects.toThrow(/test.arithmetic/);
    const clamped = prepared('test.clamped', (db, p: { n: number }) =>
      db
        .selectFrom('users')
        .select('username')
        .limit(p.n | 0),
    );
    await expect(clamped(t.ctx.db, { n: 3 })).rejects.toThrow(/test.clamped/);
    const lowered = prepared('test.lowered', (db, p: { name: string }) =>
      db.selectFrom('users').select('username').where('username', '=', p.name.toLowerCase()),
    );
    await expect(lowered(t.ctx.db, { name: 'ANN' })).rejects.toThrow(/test.lowered/);
    // An object's fields would be undefined in both compiles, which looks like a constant.
    const nested = prepared('test.nested', (db, p: { who: { name: string } }) =>
      db.selectFrom('users').select('username').where('username', '=', p.who.name),
    );
    await expect(nested(t.ctx.db, { who: { name: 'ann' } })).rejects.toThrow(/test.nested/);
  });
});
