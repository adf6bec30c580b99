import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';

/*
 * Suggestion dismissals (content §7 aysf_dismiss, chaining_dismiss). A dismissal from suggested
 * users (no chaining profile) hides the account from suggested users and from every chaining row;
 * a dismissal from a profile's chaining row hides it from that row only.
 */

/** Stores one dismissal; dismissing again only refreshes its time. */
export async function recordDismissal(
  ctx: AppContext,
  viewerId: string,
  targetId: string,
  chainingUserId: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    let del = trx
      .deleteFrom('suggestion_dismissals')
      .where('viewer_id', '=', viewerId)
      .where('target_id', '=', targetId);
    del =
      chainingUserId === null
        ? del.where('chaining_user_id', 'is', null)
        : del.where('chaining_user_id', '=', chainingUserId);
    await del.execute();
    await trx
      .insertInto('suggestion_dismissals')
      .values({
        viewer_id: viewerId,
        target_id: targetId,
        chaining_user_id: chainingUserId,
        created_at: ctx.now(),
      })
      .execute();
  });
}

/**
 * True when the viewer dismissed the user in `userCol`: from suggested users, or (with
 * `chainingUserId`) from that profile's chaining row.
 */
export function dismissedByViewer<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  userCol: string,
  viewerId: string,
  chainingUserId: string | null = null,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'users'>;
  const col = e.ref(userCol as 'users.id');
  return e.exists(
    e
      .selectFrom('suggestion_dismissals as dx')
      .select('dx.target_id')
      .where('dx.viewer_id', '=', viewerId)
      .where('dx.target_id', '=', col)
      .where((w) =>
        chainingUserId === null
          ? w('dx.chaining_user_id', 'is', null)
          : w.or([
              w('dx.chaining_user_id', 'is', null),
              w('dx.chaining_user_id', '=', chainingUserId),
            ]),
      ),
  );
}
