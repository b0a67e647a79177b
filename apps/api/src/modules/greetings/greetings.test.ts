import { describe, expect, it } from 'vitest';
import { bearer, demo, useTestApp } from '../../../test/helpers';

const { t, tokens } = useTestApp();

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  tok: string | null = tokens.support,
) => t.app.inject({ method, url, headers: tok ? bearer(tok) : {}, payload, remoteAddress: '10.32.0.1' });
const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('greetings', () => {
  it('creates a greeting (any signed-in admin), stored to the end of the chosen day, audited', async () => {
    const res = await call('POST', '/v1/admin/create-alert', {
      title: 'Good morning',
      description: 'Save a little every day',
      timeFrame: 'morning',
      expiry_time: day(3),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Greeting created Successfully');
    const g = res.json().data;
    expect(g).toMatchObject({
      title: 'Good morning',
      description: 'Save a little every day',
      timeFrame: 'morning',
      expiry_time: `${day(3)}T23:59:59.999Z`,
      live: true,
    });
    expect(await q(`SELECT title, time_frame FROM greetings WHERE id = $1`, [g._id])).toEqual([
      { title: 'Good morning', time_frame: 'morning' },
    ]);
    expect(
      await q(`SELECT actor_email, after FROM audit_log WHERE action = 'greeting.create' AND target_id = $1`, [g._id]),
    ).toEqual([
      {
        actor_email: demo('support').email,
        after: {
          title: 'Good morning',
          description: 'Save a little every day',
          timeFrame: 'morning',
          expiry_time: `${day(3)}T23:59:59.999Z`,
        },
      },
    ]);
  });

  it('accepts today (its end) and All Day (empty time frame)', async () => {
    const res = await call('POST', '/v1/admin/create-alert', {
      title: 'Today only',
      description: 'Ends tonight',
      timeFrame: '',
      expiry_time: day(0),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeFrame).toBe('');
  });

  it('answers 400 naming the field: description over 100, expiry before today ends, unknown time frame; nothing stored', async () => {
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM greetings`);
    const cases: [object, string][] = [
      [{ title: 'Long', description: 'x'.repeat(101), timeFrame: '', expiry_time: day(1) }, 'description'],
      [{ title: 'Past', description: 'Yesterday', timeFrame: '', expiry_time: day(-1) }, 'expiry_time'],
      [
        {
          title: 'Earlier today',
          description: 'x',
          timeFrame: '',
          expiry_time: new Date(Date.now() - 60_000).toISOString(),
        },
        'expiry_time',
      ],
      [{ title: 'Night', description: 'x', timeFrame: 'night', expiry_time: day(1) }, 'timeFrame'],
      [{ description: 'No title', timeFrame: '', expiry_time: day(1) }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/v1/admin/create-alert', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect((await q(`SELECT count(*)::int AS n FROM greetings`))[0].n).toBe(n);
  });

  it('updates and deletes by ?id, with audit rows; 404 for an unknown id', async () => {
    const g = (
      await call('POST', '/v1/admin/create-alert', {
        title: 'Evening',
        description: 'Rest',
        timeFrame: 'evening',
        expiry_time: day(2),
      })
    ).json().data;
    const up = await call('PATCH', `/v1/admin/update-alert?id=${g._id}`, {
      title: 'Evening!',
      description: 'Rest well',
      timeFrame: 'afternoon',
      expiry_time: day(5),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().message).toBe('Greeting Updated Successfully');
    expect(up.json().data).toMatchObject({ _id: g._id, title: 'Evening!', timeFrame: 'afternoon' });
    expect(
      await q(
        `SELECT before->>'title' AS b, after->>'title' AS a FROM audit_log WHERE action = 'greeting.update' AND target_id = $1`,
        [g._id],
      ),
    ).toEqual([{ b: 'Evening', a: 'Evening!' }]);
    const del = await call('DELETE', `/v1/admin/delete-alert?id=${g._id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Greeting removed Successfully', data: { _id: g._id } });
    expect(await q(`SELECT 1 FROM greetings WHERE id = $1`, [g._id])).toEqual([]);
    expect(
      await q(`SELECT before->>'title' AS t FROM audit_log WHERE action = 'greeting.delete' AND target_id = $1`, [
        g._id,
      ]),
    ).toEqual([{ t: 'Evening!' }]);
    expect((await call('DELETE', `/v1/admin/delete-alert?id=${g._id}`)).statusCode).toBe(404);
    expect(
      (
        await call('PATCH', `/v1/admin/update-alert?id=nope`, {
          title: 'x',
          description: 'x',
          timeFrame: '',
          expiry_time: day(1),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('GET user/get-all-alert returns only live greetings, without a staff session', async () => {
    const {
      rows: [old],
    } = await t.db.$client.query(
      `INSERT INTO greetings (title, description, expiry_time) VALUES ('Expired', 'Gone', now() - interval '1 hour') RETURNING id`,
    );
    const res = await call('GET', '/v1/user/get-all-alert', undefined, null);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.newslist as { _id: string; title: string }[];
    expect(list.map((g) => g._id)).not.toContain(old.id);
    expect(list.map((g) => g.title)).toEqual(expect.arrayContaining(['Good morning', 'Today only']));
    const admin = (await call('GET', '/v1/admin/get-alerts?pageSize=50')).json().data;
    expect(admin.records.find((g: { _id: string }) => g._id === old.id)).toMatchObject({ live: false });
  });

  it('answers 401 without a session on the admin calls', async () => {
    expect(
      (
        await call(
          'POST',
          '/v1/admin/create-alert',
          { title: 'x', description: 'x', timeFrame: '', expiry_time: day(1) },
          null,
        )
      ).statusCode,
    ).toBe(401);
  });
});
