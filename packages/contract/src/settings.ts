import { z } from 'zod';
import { requiredOr, TEXT_LIMITS, textMessages } from './text';
import { pagedRecords, pageQuery } from './paging';

/** A decimal amount typed as text or number; never a float on the server. */
const decimal = (label: string) =>
  z
    .union([z.string().max(TEXT_LIMITS.number, textMessages.tooLong(label, TEXT_LIMITS.number)), z.number()], {
      error: requiredOr(label, `${label} must be a number`),
    })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, `${label} must be a number`));

/** PUT /admin/update-Process-settings: vltTokenUsdPrice, busdTokenUsdPrice, vltTokenAPR. */
export const processSettingsBody = z.object({
  vltTokenUsdPrice: decimal('VLT price').refine((v) => Number(v) > 0, 'VLT price must be above 0'),
  busdTokenUsdPrice: decimal('BUSD price').refine((v) => Number(v) > 0, 'BUSD price must be above 0'),
  vltTokenAPR: decimal('APR').refine((v) => Number(v) <= 100, 'APR is at most 100'),
});
export type ProcessSettingsBody = z.input<typeof processSettingsBody>;

export const processSettings = z.object({
  _id: z.string(),
  vltTokenUsdPrice: z.string(),
  busdTokenUsdPrice: z.string(),
  vltTokenAPR: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProcessSettings = z.infer<typeof processSettings>;
/** GET admin/all-Process-settings: the screen reads data[0]. */
export const processSettingsList = z.array(processSettings);

export const SETTINGS_HISTORY_PAGE_SIZE = 10;
export const settingsHistoryQuery = pageQuery(SETTINGS_HISTORY_PAGE_SIZE);
export const settingsHistoryPage = pagedRecords(processSettings).omit({ totalPage: true });
export type SettingsHistoryPage = z.infer<typeof settingsHistoryPage>;
