/**
 * uploadFile (spec §7, the platform logo): one picture in the multipart field `file`, at most
 * 5 MB, PNG, JPEG, GIF or WebP by its first bytes (not by the name or the claimed type). It is
 * kept by the local UAA and served back at `${publicUrl}/__dev/files/<id>`.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import multer from 'multer';
import type { UploadFileData } from '@shared/contract/admin';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { LIMITS } from '@shared/validation/rules';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import { currentUser, requireModule } from '../auth';
import { sniffImage } from '../store/files';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

export const MAX_UPLOAD_BYTES = LIMITS.logoBytesMax;

const MULTER_CODES: Record<string, ServerErrorCode> = {
  LIMIT_FILE_SIZE: 'A0106',
  LIMIT_FILE_COUNT: 'A0110',
};

const receive = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10 * 1024, parts: 20 },
}).single('file');

/** Multer's refusals as legacy file codes; a malformed or odd multipart body is a plain upload error. */
function receiveFile(req: Request, res: Response, next: NextFunction): void {
  receive(req, res, (err: unknown) => {
    if (!err) return next();
    const code = err instanceof multer.MulterError ? MULTER_CODES[err.code] : undefined;
    next(new UaaError(code ?? 'A0104'));
  });
}

export function registerUploadRoutes(router: Router, { store, publicUrl, requireAuth }: RouteDeps): void {
  const path = ENDPOINTS.uploadFile.path.split('?')[0] as string;

  router.post(path, requireAuth, requireModule(store, 'platforms'), receiveFile, async (req, res) => {
    const file = req.file;
    if (!file) throw new UaaError('A0108');
    if (file.size === 0) throw new UaaError('A0107');
    const mime = sniffImage(file.buffer);
    if (!mime) throw new UaaError('A0105');
    const record = await store.files.save(currentUser(res).ssoUid, mime, file.buffer);
    const fileUrl = `${publicUrl.replace(/\/+$/, '')}${DEV_PATHS.files}/${record.id}`;
    sendOk(res, { fileUrl } satisfies UploadFileData);
  });
}
