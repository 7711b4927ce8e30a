import crypto from 'node:crypto';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import { AppError, logger } from '../../../../libs/kit/src';
import { checkImage, displayFilename, imageKey, parseImageKey } from '../domain/images';
import type { ImageStorage } from './ports';

/** The rpcs of image uploads (messaging.proto), served by `uploadHandlers` beside messagingHandlers. */
export type UploadRpcs = 'PutImage' | 'GetImage' | 'StorageStatus';

const storageUnavailable = (why: string) =>
  new AppError({
    code: 'STORAGE_UNAVAILABLE',
    status: 503,
    message: `Images cannot be stored right now: ${why}`,
    suggestion:
      'Retry shortly; if it persists, the operator should check the image storage settings (UPLOADS_DIR, or S3_BUCKET and its credentials) and the messaging logs.',
  });

const imageNotFound = () =>
  new AppError({ code: 'IMAGE_NOT_FOUND', status: 404, message: 'No image has this address', suggestion: 'Use the url an upload answered with.' });

/**
 * Image uploads: stored under a new key of the caller's project (never one the client chose, so a
 * project can neither overwrite nor name another's objects), served to anyone who has the key.
 */
export function uploadHandlers(storage: ImageStorage): Pick<Handlers<'messaging'>, UploadRpcs> {
  return {
    async PutImage(req, meta) {
      const projectId = projectOf(meta);
      const data = Buffer.from(req.data);
      // The edge checked already; the service does not take its word for it.
      const type = checkImage(data);
      if (!storage.writable) throw storageUnavailable('the upload directory is not writable');
      const key = imageKey(projectId, type, crypto.randomBytes(24));
      try {
        await storage.put(key, data, type.contentType);
      } catch (err) {
        logger.error({ err: (err as Error).message, storage: storage.kind, key }, 'could not store an uploaded image');
        throw storageUnavailable(`the ${storage.kind === 's3' ? 'S3 bucket' : 'upload directory'} refused it`);
      }
      return { key, url: storage.publicUrl(key), filename: displayFilename(req.filename, type), content_type: type.contentType, size: data.length };
    },

    async GetImage(req) {
      const parsed = parseImageKey(req.key);
      if (!parsed) throw imageNotFound();
      const found = await storage.get(req.key).catch((err: Error) => {
        logger.error({ err: err.message, storage: storage.kind, key: req.key }, 'could not read an uploaded image');
        throw storageUnavailable(`the ${storage.kind === 's3' ? 'S3 bucket' : 'upload directory'} could not be read`);
      });
      if (!found) throw imageNotFound();
      // The key's type, which was the content's when it was stored: never metadata another writer could have set.
      return { data: found, content_type: parsed.type.contentType };
    },

    async StorageStatus() {
      return { enabled: storage.writable, kind: storage.kind };
    },
  };
}
