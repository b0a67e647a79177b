const DAY_MS = 86_400_000;

/** Whole UTC days, both included, as the lists and their exports read them: [start 00:00, the day after end 00:00). */
export const dayRange = (start: string, end: string) => ({
  start,
  end,
  lo: `${start}T00:00:00Z`,
  hi: new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS).toISOString(),
});
