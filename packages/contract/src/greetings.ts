import { z } from 'zod';
import { boundedText, readableText, TEXT_LIMITS } from './text';
import { pagedRecords, pageQuery } from './paging';

export const GREETING_DESCRIPTION_MAX = 100;
/** Time frame options: All Day is the empty value. */
export const GREETING_TIME_FRAMES = [
  { value: '', label: 'All Day' },
  { value: 'morning', label: 'morning' },
  { value: 'afternoon', label: 'afternoon' },
  { value: 'evening', label: 'evening' },
] as const;
export const greetingTimeFrame = z.enum(['', 'morning', 'afternoon', 'evening'], {
  message: 'Time frame is All Day, morning, afternoon or evening',
});

/** The end of the given day in UTC: an expiry picked as a date lasts the whole day. */
export const endOfDayUtc = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999));

const expiry = boundedText('Expiry date', { max: TEXT_LIMITS.dateTime })
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(new Date(s).getTime()), 'Expiry date is not a date')
  .transform((s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? endOfDayUtc(new Date(`${s}T00:00:00Z`)) : new Date(s)))
  .refine(
    (d) => d.getTime() >= endOfDayUtc(new Date()).getTime() - 999,
    'Expiry date cannot be before the end of today',
  );

/** POST admin/create-alert and PATCH admin/update-alert?id: title, description, timeFrame, expiry_time. */
export const greetingBody = z.object({
  // Served to customers (GET user/get-all-alert): text people read.
  title: readableText('Title', { max: 80 }),
  description: readableText('Description', { max: GREETING_DESCRIPTION_MAX, lines: 'several' }),
  timeFrame: greetingTimeFrame.default(''),
  expiry_time: expiry,
});
export type GreetingBody = z.input<typeof greetingBody>;
export const greetingIdQuery = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export const greeting = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  timeFrame: z.string(),
  expiry_time: z.string(),
  live: z.boolean(),
  createdAt: z.string(),
});
export type Greeting = z.infer<typeof greeting>;
export const GREETINGS_PAGE_SIZE = 10;
export const greetingsQuery = pageQuery(GREETINGS_PAGE_SIZE);
export const greetingsPage = pagedRecords(greeting).omit({ totalPage: true });
export type GreetingsPage = z.infer<typeof greetingsPage>;
/** GET user/get-all-alert (customer app): only live greetings. */
export const liveGreetings = z.object({ newslist: z.array(greeting.omit({ live: true })) });
