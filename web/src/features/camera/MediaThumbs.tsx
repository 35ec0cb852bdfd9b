// A measurement's media in the list (issue 14 points 2, 4, 6): the photo and drawing as
// thumbnails (full size on tap), the video as its clip count, and 'pending' until each is
// stored, or the reason it was not kept.
import { useEffect, useState } from 'react';
import type { Measurement, MediaKind } from '../../model';
import { stores } from '../../services/storage';
import { usePendingMedia } from './pendingMedia';

const LABEL: Record<MediaKind, string> = { image: 'Photo', drawing: 'Drawing', video: 'Video' };

/** An object URL for a stored medium, revoked when no longer shown. */
function useMediaUrl(id: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof id !== 'string' || !id) return;
    let live = true;
    let made: string | null = null;
    void stores.media.get(id).then(
      (record) => {
        if (!live || !record) return;
        made = URL.createObjectURL(record.blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [id]);
  return url;
}

function Thumb({ kind, url, name }: { kind: MediaKind; url: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="media-thumb" onClick={() => setOpen(true)} aria-label={`Show the ${LABEL[kind].toLowerCase()} of ${name} full size`}>
        <img src={url} alt={`${LABEL[kind]} of ${name}`} decoding="async" />
      </button>
      {open && (
        <div className="media-full" role="dialog" aria-modal="true" aria-label={`${LABEL[kind]} of ${name}`}>
          <img src={url} alt={`${LABEL[kind]} of ${name}, full size`} />
          <button type="button" onClick={() => setOpen(false)} autoFocus>
            Close
          </button>
        </div>
      )}
    </>
  );
}

export function MediaThumbs({ measurement, name }: { measurement: Measurement; name: string }) {
  const pending = usePendingMedia(measurement.id);
  const photo = useMediaUrl(measurement.imageUrl);
  const drawing = useMediaUrl(measurement.drawingUrl);
  const hasVideo = typeof measurement.videoUrl === 'string' && measurement.videoUrl !== '';
  const notes = [...(pending?.entries() ?? [])];
  if (!photo && !drawing && !hasVideo && notes.length === 0) return null;
  return (
    <span className="media-thumbs">
      {photo && <Thumb kind="image" url={photo} name={name} />}
      {drawing && <Thumb kind="drawing" url={drawing} name={name} />}
      {hasVideo && <span className="media-thumbs__video">Video</span>}
      {notes.map(([kind, value]) =>
        value.state === 'pending' ? (
          <span key={kind} className="media-thumbs__pending" role="status">
            {LABEL[kind]} pending
          </span>
        ) : (
          <span key={kind} className="media-thumbs__failed" role="alert">
            {value.message}
          </span>
        ),
      )}
    </span>
  );
}
