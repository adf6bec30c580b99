import type { Kysely } from 'kysely';

// A provider identity waiting on a two-factor challenge (accounts §7 external login for a member
// with two-factor on). External login links the identity to the member (users.fb_id) only once
// the login succeeds; with two-factor on it succeeds at the code step, so the identity is held
// here, keyed by the challenge's verification_codes target (identifier and user), until then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('held_provider_links')
    .addColumn('target', 'text', (c) => c.primaryKey())
    .addColumn('fb_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('held_provider_links').execute();
}
