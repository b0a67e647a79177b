import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPLIANCE } from './fixtures/accounts';
import { confirmation, confirmNo, confirmYes } from './fixtures/confirm';
import { queryE2eDb } from './fixtures/db';
import { chooseOption } from './fixtures/select';
import { bearer, reusableSession, seedSession } from './fixtures/session';

/**
 * Spec 002 §5: "Update, reject and all modifying actions need confirmation ('Are you sure?')".
 * Greeting create and edit, a bot's switch and its interval each ask; No saves nothing (the
 * record, its audit trail and the customer app stay as they were), Yes saves.
 */
test.use({ timezoneId: 'UTC' });

let token = '';
const signIn = async (page: Page, request: APIRequestContext) => {
  const session = await reusableSession(request, COMPLIANCE);
  token = session.token;
  await seedSession(page, session);
};

const auditCount = async (action: string, targetId?: string) =>
  Number(
    (
      await queryE2eDb<{ n: string }>(
        `SELECT count(*) AS n FROM audit_log WHERE action = $1 ${targetId ? 'AND target_id = $2' : ''}`,
        targetId ? [action, targetId] : [action],
      )
    )[0]!.n,
  );

type Greeting = { id: string; title: string; description: string; updated_at: string };
const greetingsTitled = (title: string) =>
  queryE2eDb<Greeting>('SELECT id, title, description, updated_at::text FROM greetings WHERE title = $1', [title]);

type Config = { id: number; value: string; updated_at: string };
const config = async (name: string) =>
  (await queryE2eDb<Config>('SELECT id, value, updated_at::text FROM bot_configs WHERE name = $1', [name]))[0]!;

test.describe('confirmations on greetings and bots', () => {
  test('greeting create and edit ask "Are you sure?": No saves nothing and keeps the form, Yes saves', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const title = `Confirm greeting ${Date.now()}`;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const creates = await auditCount('greeting.create');
    await page.goto('/greetings');
    await expect(page.getByRole('heading', { name: 'Greetings' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Create Greeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Greeting' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Saved only on Yes.');
    await dialog.getByLabel('Expiry date').click();
    await dialog.getByLabel('Expiry date').fill(tomorrow);
    await dialog.getByLabel('Expiry date').press('Enter');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(confirmation(page)).toContainText(`Create the greeting "${title}"`);
    await confirmNo(page);
    // Nothing saved, nothing audited, and the form is still there as typed.
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    expect(await greetingsTitled(title)).toHaveLength(0);
    expect(await auditCount('greeting.create')).toBe(creates);
    const live = async () =>
      (
        (await (await request.get('/v1/user/get-all-alert')).json()) as {
          data: { newslist: { title: string; description: string }[] };
        }
      ).data.newslist;
    expect((await live()).some((g) => g.title === title)).toBe(false);

    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('Greeting created Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const [created] = await greetingsTitled(title);
    expect(created?.description).toBe('Saved only on Yes.');
    expect(await auditCount('greeting.create')).toBe(creates + 1);

    // Edit: No leaves the greeting as it was.
    const row = page.getByTestId('greetings-table').getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Greeting' });
    await edit.getByLabel('Description').fill('Changed only on Yes.');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(confirmation(page)).toContainText(`Update the greeting "${title}"`);
    await confirmNo(page);
    await expect(edit.getByLabel('Description')).toHaveValue('Changed only on Yes.');
    const [unchanged] = await greetingsTitled(title);
    expect(unchanged).toEqual(created);
    expect(await auditCount('greeting.update', created!.id)).toBe(0);
    await expect(row).toContainText('Saved only on Yes.');

    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await confirmYes(page);
    await expect(page.getByText('Greeting Updated Successfully')).toBeVisible();
    await expect(row).toContainText('Changed only on Yes.');
    expect((await greetingsTitled(title))[0]?.description).toBe('Changed only on Yes.');
    expect(await auditCount('greeting.update', created!.id)).toBe(1);
    expect((await live()).find((g) => g.title === title)?.description).toBe('Changed only on Yes.');
  });

  test('a bot\'s switch and its interval ask "Are you sure?": No keeps the control and the scheduler\'s value, Yes saves', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const sw0 = await config('housekeepingBot');
    const cron0 = await config('housekeepingCron');
    expect(sw0.value).toBe('true');
    const apiValue = async (name: string) =>
      (
        (await (await request.get('/v1/configs', { headers: bearer(token) })).json()) as {
          data: { name: string; value: string }[];
        }
      ).data.find((c) => c.name === name)!.value;

    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Bot Configurations' })).toBeVisible({ timeout: 30_000 });
    const configs = page.getByTestId('bot-configs');
    const sw = configs.getByRole('switch', { name: 'housekeepingBot' });
    await expect(sw).toBeChecked();

    await sw.click();
    await expect(confirmation(page)).toContainText('Turn housekeepingBot off.');
    await confirmNo(page);
    await expect(sw).toBeChecked();
    expect(await config('housekeepingBot')).toEqual(sw0);
    expect(await apiValue('housekeepingBot')).toBe('true');
    expect(await auditCount('bot.config', String(sw0.id))).toBe(0);

    await sw.click();
    await confirmYes(page);
    await expect(page.getByText('Config Updated Successfully')).toBeVisible();
    await expect(sw).not.toBeChecked();
    expect((await config('housekeepingBot')).value).toBe('false');
    expect(await auditCount('bot.config', String(sw0.id))).toBe(1);

    // The interval: No keeps the shown and stored interval.
    const interval = configs.getByLabel('housekeepingCron');
    await chooseOption(page, interval, 'Every 6 hours');
    await expect(confirmation(page)).toContainText('Run housekeepingCron Every 6 hours.');
    await confirmNo(page);
    const cronRow = configs.getByRole('row').filter({ hasText: 'How often housekeeping runs' });
    await expect(cronRow).toContainText('Every day at 03:17');
    expect(await config('housekeepingCron')).toEqual(cron0);
    expect(await auditCount('bot.config', String(cron0.id))).toBe(0);

    await chooseOption(page, interval, 'Every 6 hours');
    await confirmYes(page);
    await expect.poll(async () => (await config('housekeepingCron')).value).toBe('0 */6 * * *');
    await expect(cronRow).toContainText('Every 6 hours');
    expect(await apiValue('housekeepingCron')).toBe('0 */6 * * *');
    expect(await auditCount('bot.config', String(cron0.id))).toBe(1);

    // Back as the demo has them, through the same questions.
    await chooseOption(page, interval, 'Every day at 03:17');
    await confirmYes(page);
    await expect.poll(async () => (await config('housekeepingCron')).value).toBe(cron0.value);
    await sw.click();
    await confirmYes(page);
    await expect(sw).toBeChecked();
    await expect.poll(async () => (await config('housekeepingBot')).value).toBe('true');
  });
});
