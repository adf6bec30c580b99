import type { Kysely } from 'kysely';

// Whether a member proved they receive mail at their email address. Signup takes any address
// unchecked, so external login may link an account by email only once this is set (otherwise a
// stranger could sign up with someone's address and be handed their provider login). Set by a
// password reset link opened from that address and by an external signup with the provider's
// verified address; cleared when the address changes. Existing accounts start unconfirmed.
// verification_codes.sent_to records the address a reset link was mailed to, so the link proves
// that address only while it is still the account's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('verification_codes').addColumn('sent_to', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('verification_codes').dropColumn('sent_to').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed').execute();
}
