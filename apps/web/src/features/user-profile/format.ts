import dayjs from 'dayjs';
import { NO_VALUE } from '@vaultdesk/contract';

export const formatDate = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : NO_VALUE);
