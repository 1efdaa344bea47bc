/**
 * The dish's photo: take one with the tablet's camera or choose a file (JPEG, PNG, WebP, HEIC where
 * the browser converts it; at most 15 MB). It uploads at once and the form keeps the stored photo's
 * id. Uploads need the network and are never queued (a large file does not belong in IndexedDB):
 * offline the buttons wait and say "Photos upload when you are back online".
 */
import { useId, useState } from 'react';

import { useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { useOnline } from '../../../lib/use-online';
import type { MenuPhoto } from '../../../shared/schemas/menu';
import { PHOTO_MAX_BYTES } from '../../../shared/schemas/menu-editor';
import { photoUrl, uploadPhoto } from '../api/catalogue-api';

const BYTES_PER_MB = 1024 * 1024;

export function PhotoField({
  photo,
  image,
  name,
  onPhoto,
  onUploading,
}: {
  photo: MenuPhoto | null;
  image: string | null;
  name: string;
  onPhoto(photo: MenuPhoto | null): void;
  onUploading(uploading: boolean): void;
}) {
  const id = useId();
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const disabled = !online || busy;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setProblem(t('menu-editor.photo.tooLarge', { megabytes: PHOTO_MAX_BYTES / BYTES_PER_MB }));
      return;
    }
    setBusy(true);
    onUploading(true);
    try {
      onPhoto(await uploadPhoto(file, file.name));
    } catch (error) {
      setProblem(refusalMessage(error, t('menu-editor.photo.failed')));
    } finally {
      setBusy(false);
      onUploading(false);
    }
  };

  const src = photo ? photoUrl(photo.id, photo.widths.find((w) => w >= 320) ?? photo.widths[0]!) : image;
  return (
    <fieldset className="me-fieldset me-photo">
      <legend>{t('menu-editor.photo.legend')}</legend>
      {src ? (
        <img
          className="me-photo__preview"
          src={src}
          alt={name ? t('menu-editor.photo.alt', { name }) : t('menu-editor.photo.altUnnamed')}
          width={photo?.width ?? 160}
          height={photo?.height ?? 120}
        />
      ) : (
        <p className="admin-muted">{t('menu-editor.photo.none')}</p>
      )}
      <div className="admin-actions">
        <label className={`button button--outline me-file${disabled ? ' me-file--disabled' : ''}`}>
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={disabled}
            aria-describedby={!online ? `${id}-offline` : undefined}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {t('menu-editor.photo.choose')}
        </label>
        <label className={`button button--outline me-file${disabled ? ' me-file--disabled' : ''}`}>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            disabled={disabled}
            aria-describedby={!online ? `${id}-offline` : undefined}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {t('menu-editor.photo.take')}
        </label>
        {photo ? (
          <button type="button" className="button button--outline" onClick={() => onPhoto(null)} disabled={busy}>
            {t('menu-editor.photo.remove')}
          </button>
        ) : null}
      </div>
      {busy ? <p role="status">{t('menu-editor.photo.uploading')}</p> : null}
      {!online ? (
        <p id={`${id}-offline`} className="admin-muted" role="status">
          {t('menu-editor.photo.offline')}
        </p>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
