/** The back office's calls (spec §7): loaded with the back office's pages. */
import { z } from 'zod/mini';
import * as admin from './admin';
import { get, post, type Endpoint } from './endpoint';

export const ADMIN_ENDPOINTS = {
  roleList: post('/api/v1/role/management/role/list', {
    request: admin.roleListRequest,
    reply: admin.roleListData,
  }),
  platformListSource: get('/api/v1/mgmt/platforms/listSource', { reply: z.array(z.string()) }),
  platformList: post('/api/v1/mgmt/platforms/list', {
    request: admin.platformListRequest,
    reply: admin.platformListData,
  }),
  platformDetail: post('/api/v1/mgmt/platforms/detail', {
    request: admin.idRequest,
    reply: admin.platform,
  }),
  platformUpdate: post('/api/v1/mgmt/platforms/update', {
    request: admin.platformUpdateRequest,
    reply: z.optional(admin.platform),
  }),
  platformDelete: post('/api/v1/mgmt/platforms/delete', { request: admin.idsRequest }),
  platformReset: post('/api/v1/mgmt/platforms/reset', {
    request: admin.idsRequest,
    reply: admin.platformResetData,
  }),
  platformAdd: post('/api/v1/mgmt/platforms/add', {
    request: admin.platformAddRequest,
    reply: admin.platformAddData,
  }),
  uploadFile: post('/api/v1/uploadFile?key=user&tag=avatar', { reply: admin.uploadFileData }),
  internalUserList: post('/api/v1/user/admin/internal/list', {
    request: admin.internalUserListRequest,
    reply: admin.internalUserListData,
  }),
  internalUserSearch: post('/api/v1/user/admin/internal/search', {
    request: admin.internalUserSearchRequest,
    reply: admin.internalUserListData,
  }),
  internalUserCreate: post('/api/v1/user/admin/internal/create', {
    request: admin.internalUserCreateRequest,
    reply: admin.internalUser,
  }),
  internalUserUpdate: post('/api/v1/user/admin/internal/update', {
    request: admin.internalUserUpdateRequest,
    reply: admin.internalUser,
  }),
  internalUserDelete: post('/api/v1/user/admin/internal/delete', {
    request: admin.internalUserDeleteRequest,
  }),
} as const satisfies Record<string, Endpoint>;
