import { useMutation } from '@tanstack/react-query';
import { auditChainReport } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

/** Walks the trail's hash chain on the server; run on demand (each press a fresh walk, never cached). */
export const verifyAuditChain = async () => (await apiRequest('admin/audit-logs/verify', auditChainReport)).data;

export const useVerifyAuditChain = () => useMutation({ mutationFn: verifyAuditChain });
