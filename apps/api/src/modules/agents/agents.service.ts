import type { AgentIdType, AgentImageKind, AgentsPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import type { FileStore } from '../../files/file-store';
import { updateAgentLocation, uploadAgentImage } from './agent-kyc';
import { agentsByUserType } from './agents-by-user-type';
import { assignUserType, removeUserType } from './assign-user-type';
import { addType, deleteType, listTypes, renameType } from './user-types';

/**
 * The agents module's public face. Each operation lives in its own file (user-types,
 * assign-user-type, agent-kyc, agents-by-user-type; what they share in agent-rows) and takes its
 * dependencies explicitly.
 */
export function createAgentsService(db: Db, files: FileStore) {
  return {
    listTypes: () => listTypes(db),
    addType: (name: string, ctx: RequestContext) => addType(db, name, ctx),
    renameType: (id: string, name: string, ctx: RequestContext) => renameType(db, id, name, ctx),
    deleteType: (id: string, ctx: RequestContext) => deleteType(db, id, ctx),
    assign: (email: string, usertype: string, ctx: RequestContext) => assignUserType(db, email, usertype, ctx),
    remove: (email: string, usertype: string, ctx: RequestContext) => removeUserType(db, email, usertype, ctx),
    uploadImage: (userId: string, kind: AgentImageKind, bytes: Buffer, ctx: RequestContext, idcardType?: AgentIdType) =>
      uploadAgentImage(db, files, userId, kind, bytes, ctx, idcardType),
    updateLocation: (userId: string, storeState: string, ctx: RequestContext) =>
      updateAgentLocation(db, userId, storeState, ctx),
    byUserType: (userType: string, page: number): Promise<AgentsPage> => agentsByUserType(db, userType, page),
  };
}
