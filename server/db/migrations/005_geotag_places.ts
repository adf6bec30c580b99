import type { Kysely } from 'kysely';

// Places made from members' geotags were stored with has_public_page = 1, like directory places,
// so searches listed a private member's tagged "home" with its address to anyone. They are now
// made with 0 and shown only through a post the viewer may see. Directory places always have a
// city; the geotag places made before are the ones without.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('locations')
    .set({ has_public_page: 0 })
    .where('city_id', 'is', null)
    .execute();
}

// Nothing to undo: 0 only narrows who sees a geotag place, and the old rows cannot be told apart.
export async function down(): Promise<void> {}
