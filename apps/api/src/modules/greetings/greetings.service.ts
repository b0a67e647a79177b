import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { offsetPage, sqlPageRead, type PageQuery } from '../../lists/page';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { toIso } from '../../timestamps/iso';

/** Timestamps from raw SQL come back as text or Date depending on the driver path. */

type Row = {
  id: string;
  title: string;
  description: string;
  time_frame: string;
  expiry_time: Date | string;
  created_at: Date | string;
  live: boolean;
};
type Body = { title: string; description: string; timeFrame: string; expiry_time: Date };

const COLUMNS = sql`id, title, description, time_frame, expiry_time, created_at, expiry_time > now() AS live`;
const out = (r: Row) => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  timeFrame: r.time_frame,
  expiry_time: toIso(r.expiry_time),
  live: r.live,
  createdAt: toIso(r.created_at),
});
const fields = (r: Pick<Row, 'title' | 'description' | 'time_frame' | 'expiry_time'>) => ({
  title: r.title,
  description: r.description,
  timeFrame: r.time_frame,
  expiry_time: toIso(r.expiry_time),
});
const notFound = () => new AppError('NOT_FOUND', 'Greeting not found');

export function createGreetingsService(db: Db) {
  return {
    list(q: PageQuery) {
      const read = sqlPageRead(
        db,
        sql`SELECT ${COLUMNS} FROM greetings ORDER BY created_at DESC, id DESC`,
        sql`greetings`,
        out,
      );
      return offsetPage(q, read, { totalPage: false });
    },

    /** What the customer app shows: greetings that have not expired, soonest expiry first. */
    async live() {
      const { rows } = await db.execute<Row>(
        sql`SELECT ${COLUMNS} FROM greetings WHERE expiry_time > now() ORDER BY expiry_time, id LIMIT 100`,
      );
      return {
        newslist: rows.map(({ live: _live, ...r }) => {
          const o = out({ ...r, live: true });
          return {
            _id: o._id,
            title: o.title,
            description: o.description,
            timeFrame: o.timeFrame,
            expiry_time: o.expiry_time,
            createdAt: o.createdAt,
          };
        }),
      };
    },

    async create(body: Body, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const {
          rows: [row],
        } = await tx.execute<Row>(sql`
          INSERT INTO greetings (title, description, time_frame, expiry_time, created_by)
          VALUES (${body.title}, ${body.description}, ${body.timeFrame}, ${body.expiry_time}, ${ctx.actor?.id ?? null})
          RETURNING ${COLUMNS}`);
        await writeAudit(tx, ctx, {
          action: 'greeting.create',
          targetType: 'greeting',
          targetId: row!.id,
          after: fields(row!),
        });
        return out(row!);
      });
    },

    async update(id: string, body: Body, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const {
          rows: [before],
        } = await tx.execute<Row>(sql`SELECT ${COLUMNS} FROM greetings WHERE id = ${id} FOR UPDATE`);
        if (!before) throw notFound();
        const {
          rows: [row],
        } = await tx.execute<Row>(sql`
          UPDATE greetings SET title = ${body.title}, description = ${body.description}, time_frame = ${body.timeFrame},
                 expiry_time = ${body.expiry_time}, updated_at = now()
           WHERE id = ${id} RETURNING ${COLUMNS}`);
        await writeAudit(tx, ctx, {
          action: 'greeting.update',
          targetType: 'greeting',
          targetId: id,
          before: fields(before),
          after: fields(row!),
        });
        return out(row!);
      });
    },

    async remove(id: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const {
          rows: [row],
        } = await tx.execute<Row>(sql`DELETE FROM greetings WHERE id = ${id} RETURNING ${COLUMNS}`);
        if (!row) throw notFound();
        await writeAudit(tx, ctx, {
          action: 'greeting.delete',
          targetType: 'greeting',
          targetId: id,
          before: fields(row),
        });
        return { _id: id };
      });
    },
  };
}
