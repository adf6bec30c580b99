/**
 * Reading statements return rows of one shape (server/db/shapedRows.ts): the same keys, order
 * and values as better-sqlite3's own row objects, whatever the columns are called.
 */
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { shapedRows } from '../../server/db/shapedRows.ts';

function database() {
  const db = new SQLite(':memory:');
  db.exec(`
    create table users (id text primary key, username text, bio text);
    create table posts (id text primary key, owner_id text, caption text, likes integer, ratio real, data blob);
    insert into users values ('u1', 'ana', null), ('u2', 'ben', 'hi');
    insert into posts values ('p1', 'u1', 'sun', 3, 0.5, x'0102'), ('p2', 'u2', null, 0, 1.25, null);
  `);
  return db;
}

const same = (db: SQLite.Database, sql: string, parameters: unknown[] = []) => {
  const shaped = shapedRows(db.prepare(sql)).all(parameters);
  const plain = db.prepare(sql).all(...parameters);
  expect(shaped).toEqual(plain);
  shaped.forEach((row, i) =>
    expect(Object.keys(row as object)).toEqual(Object.keys(plain[i] as object)),
  );
  return shaped;
};

describe('shaped rows', () => {
  it('match better-sqlite3 row objects: nulls, numbers, blobs, key order', () => {
    const db = database();
    const rows = same(db, 'select * from posts where likes >= ? order by id', [0]);
    expect(rows).toHaveLength(2);
    expect((rows[0] as { data: Buffer }).data).toEqual(Buffer.from([1, 2]));
  });

  it('keep the last value of a column name that appears twice, as better-sqlite3 does', () => {
    const db = database();
    const rows = same(
      db,
      'select posts.*, users.* from posts join users on users.id = posts.owner_id order by posts.id',
    );
    // users.id came last: it is the row's id.
    expect(rows.map((r) => (r as { id: string }).id)).toEqual(['u1', 'u2']);
  });

  it('take any column name, quoted, numeric or "__proto__"', () => {
    const db = database();
    same(
      db,
      `select posts.id as "a""b", username as "0", caption as "x y", likes as "__proto__" from posts join users on users.id = posts.owner_id`,
    );
    const [row] = same(db, `select 1 as "__proto__"`);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('read through iterate and through a writer that returns rows', () => {
    const db = database();
    const iterated = [
      ...shapedRows(db.prepare('select id, caption from posts order by id')).iterate([]),
    ];
    expect(iterated).toEqual([
      { id: 'p1', caption: 'sun' },
      { id: 'p2', caption: null },
    ]);
    const inserted = shapedRows(
      db.prepare('insert into users values (?, ?, null) returning id, username, bio'),
    ).all(['u3', 'cy']);
    expect(inserted).toEqual([{ id: 'u3', username: 'cy', bio: null }]);
    const run = shapedRows(db.prepare('delete from users where id = ?')).run(['u3']);
    expect(run.changes).toBe(1);
  });
});
