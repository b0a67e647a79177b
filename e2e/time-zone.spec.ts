import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPER_ADMIN } from './fixtures/accounts';
import { bearer, reusableSession, seedSession } from './fixtures/session';

/**
 * One way to show time: a moment shows in the staff member's own zone, named on the screen, and
 * the same moment shows the same on a list, on the record's page and in the API. The browser runs
 * in Berlin (an hour or two from UTC, and from the server's zone), so a shifted or UTC-read time
 * cannot pass for a right one.
 */
const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });

let token = '';
const signIn = async (page: Page, request: APIRequestContext) => {
  const session = await reusableSession(request, SUPER_ADMIN);
  token = session.token;
  await seedSession(page, session);
};
const api = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** YYYY-MM-DD HH:mm of an instant in a zone, computed here (Node's Intl), not by the app. */
const inZone = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

type UserRow = { _id: string; username: string; createdAt: string };

test.describe('time', () => {
  test("a customer's sign-up shows the same time on All Users, on the profile and as the API's instant in the staff member's zone", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const today = new Date().toISOString().slice(0, 10);
    const list = await api<{ records: UserRow[] }>(
      request,
      `/v1/admin/search-user-date?start=2021-10-01&end=${today}&page=1&pageSize=10`,
    );
    const user = list.records[0]!;
    const details = await api<{ profile: { _id: string; createdAt: string } }>(
      request,
      `/v1/admin/search-details?id=${user._id}`,
    );
    // The API gives one instant, with its zone, on both calls.
    expect(details.profile.createdAt).toMatch(/Z$/);
    expect(Date.parse(details.profile.createdAt)).toBe(Date.parse(user.createdAt));
    const expected = inZone(user.createdAt, ZONE);
    // Not the UTC reading, and not an hour earlier: a zone slip would be seen.
    expect(expected).not.toBe(inZone(user.createdAt, 'UTC'));
    expect(expected).not.toBe(inZone(new Date(Date.parse(user.createdAt) - 3_600_000).toISOString(), ZONE));

    await page.goto('/all-users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
    const table = page.getByTestId('all-users-table');
    await expect(table.getByRole('columnheader', { name: `Created At (${ZONE})` })).toBeVisible();
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: user.username, exact: true }) });
    await expect(row).toContainText(expected);

    await row.getByRole('link', { name: user.username, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${user._id}$`));
    await expect(page.getByTestId('profile-signed-up')).toHaveText(expected, { timeout: 30_000 });
    await expect(page.getByText(`Signed up (${ZONE})`)).toBeVisible();
  });
});
