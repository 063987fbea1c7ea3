/**
 * Back office: sub-platforms (spec §2 /admin/platform, §7 mgmt/platforms/*). Reads are open to
 * the users module too, whose list filters by registration source and platforms used.
 */
import type { Router } from 'express';
import type { z } from 'zod/mini';
import {
  type platformFields,
  type Platform,
  type PlatformListData,
  type PlatformResetData,
} from '@shared/contract/admin';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { checkDescription, checkPlatformName, checkWebUrl } from '@shared/validation/rules';
import { requireModule } from '../auth';
import { assertRule, parseDateFilter, parseRequest } from '../input';
import { localText } from '../messages';
import type { PlatformRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import type { PlatformPatch, Store } from '../store';
import type { RouteDeps } from './deps';

const DEFAULT_PAGE_SIZE = 12;

/** The spec §5 platform-form rules for whichever fields are present. */
function validated(input: Partial<z.infer<typeof platformFields>>): PlatformPatch {
  const patch: PlatformPatch = {};
  if (input.displayName !== undefined) {
    assertRule(checkPlatformName(input.displayName));
    patch.displayName = input.displayName.trim();
  }
  for (const key of ['homePageUrl', 'callback', 'logo'] as const) {
    if (input[key] === undefined) continue;
    assertRule(checkWebUrl(input[key]));
    patch[key] = input[key].trim();
  }
  if (input.logoutUrl !== undefined) {
    assertRule(checkWebUrl(input.logoutUrl, { required: true }));
    patch.logoutUrl = input.logoutUrl.trim();
  }
  if (input.description !== undefined) {
    assertRule(checkDescription(input.description));
    patch.description = input.description;
  }
  return patch;
}

function toNew(input: z.infer<typeof platformFields>): Required<PlatformPatch> {
  const patch = validated(input);
  return {
    displayName: patch.displayName ?? '',
    homePageUrl: patch.homePageUrl ?? '',
    callback: patch.callback ?? '',
    logoutUrl: patch.logoutUrl ?? '',
    logo: patch.logo ?? '',
    description: patch.description ?? '',
  };
}

/** Lists leave the secret out; it shows only on the edit page's authentication tab. */
function toListed({ clientSecret: _secret, ...platform }: PlatformRecord): Platform {
  return platform;
}

const unknownRecord = () => new UaaError('A0101', 200, localText('unknownRecord'));

function getPlatform(store: Store, id: string): PlatformRecord {
  const platform = store.platforms.get(id);
  if (!platform) throw unknownRecord();
  return platform;
}

export function registerAdminPlatformRoutes(router: Router, { store, requireAuth }: RouteDeps): void {
  const readers = [requireAuth, requireModule(store, 'platforms', 'users')];
  const writers = [requireAuth, requireModule(store, 'platforms')];

  // The registration sources a user can come from: the platform ids.
  router.get(ENDPOINTS.platformListSource.path, ...readers, (_req, res) => {
    sendOk(
      res,
      store.platforms.list().map((p) => p.id),
    );
  });

  router.post(ENDPOINTS.platformList.path, ...readers, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.platformList);
    const begin = parseDateFilter(body.beginTime);
    const end = parseDateFilter(body.endTime, { endOfDay: true });
    const idPart = body.platformsId?.trim().toLowerCase();
    const namePart = body.displayName?.trim().toLowerCase();
    const matches = store.platforms
      .list()
      .map((platform, order) => ({ platform, order, at: Date.parse(platform.createTime) }))
      .filter(
        ({ platform, at }) =>
          (!idPart || platform.id.toLowerCase().includes(idPart)) &&
          (!namePart || platform.displayName.toLowerCase().includes(namePart)) &&
          (begin === undefined || at >= begin) &&
          (end === undefined || at <= end),
      )
      // Newest first; platforms created together keep their order.
      .sort((a, b) => b.at - a.at || a.order - b.order)
      .map(({ platform }) => toListed(platform));
    const size = body.pageSize ?? body.size ?? DEFAULT_PAGE_SIZE;
    const start = ((body.current ?? 1) - 1) * size;
    const records = body.noPage ? matches : matches.slice(start, start + size);
    sendOk(res, { records, total: matches.length } satisfies PlatformListData);
  });

  router.post(ENDPOINTS.platformDetail.path, ...writers, (req, res) => {
    const { id } = parseRequest(req, ENDPOINTS.platformDetail);
    sendOk(res, getPlatform(store, id) satisfies Platform);
  });

  router.post(ENDPOINTS.platformAdd.path, ...writers, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.platformAdd);
    if ('xlabs' in body) {
      const all = body.xlabs.map(toNew); // every item valid before any is created
      sendOk(res, all.map((p) => store.platforms.add(p)) satisfies Platform[]);
      return;
    }
    sendOk(res, store.platforms.add(toNew(body)) satisfies Platform);
  });

  router.post(ENDPOINTS.platformUpdate.path, ...writers, (req, res) => {
    const { id, ...input } = parseRequest(req, ENDPOINTS.platformUpdate);
    getPlatform(store, id);
    sendOk(res, store.platforms.update(id, validated(input)) satisfies Platform | undefined);
  });

  router.post(ENDPOINTS.platformDelete.path, ...writers, (req, res) => {
    const { ids } = parseRequest(req, ENDPOINTS.platformDelete);
    if (!store.platforms.delete(ids)) throw unknownRecord();
    sendOk(res);
  });

  router.post(ENDPOINTS.platformReset.path, ...writers, (req, res) => {
    const { ids } = parseRequest(req, ENDPOINTS.platformReset);
    const updated = store.platforms.resetSecrets(ids);
    if (!updated) throw unknownRecord();
    const data: PlatformResetData = updated.map(({ id, clientId, clientSecret }) => ({
      id,
      clientId,
      clientSecret,
    }));
    sendOk(res, data);
  });
}
