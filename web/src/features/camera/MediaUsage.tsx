// Settings → 'Media on this device' (issue 14 point 6): per survey, how many photos,
// drawings and video clips are stored and the bytes they take, read again whenever media
// change. Video-buffer clips not yet given to a measurement count under their survey.
import { useId } from 'react';
import { stores } from '../../services/storage';
import { useStoreRead } from '../storage';

interface SurveyMedia {
  id: string;
  title: string;
  photos: number;
  drawings: number;
  videos: number;
  bytes: number;
}

export const formatBytes = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} kB`);

async function readUsage(): Promise<SurveyMedia[]> {
  const surveys = await stores.surveys.list();
  const rows: SurveyMedia[] = [];
  for (const survey of surveys) {
    const media = await stores.media.ofSurvey(survey.id);
    if (media.length === 0) continue;
    const count = (kind: string) => media.filter((m) => m.kind === kind).length;
    rows.push({
      id: survey.id,
      title: survey.surveyTitle || '(untitled)',
      photos: count('image'),
      drawings: count('drawing'),
      videos: count('video'),
      bytes: media.reduce((n, m) => n + (m.blob?.size ?? m.size), 0),
    });
  }
  return rows;
}

export function MediaUsage() {
  const headingId = useId();
  const read = useStoreRead('media', ['media', 'videoBlobs', 'surveys'], readUsage);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Media on this device</h2>
      {read.status === 'loading' && <p role="status">Reading media…</p>}
      {read.status === 'failed' && <p role="alert">The media could not be read.</p>}
      {read.status === 'ready' && read.value.length === 0 && <p>No photos, drawings or videos stored yet.</p>}
      {read.status === 'ready' && read.value.length > 0 && (
        <table className="media-usage">
          <thead>
            <tr>
              <th scope="col">Survey</th>
              <th scope="col">Photos</th>
              <th scope="col">Drawings</th>
              <th scope="col">Video clips</th>
              <th scope="col">Space used</th>
            </tr>
          </thead>
          <tbody>
            {read.value.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.title}</th>
                <td>{row.photos}</td>
                <td>{row.drawings}</td>
                <td>{row.videos}</td>
                <td>{formatBytes(row.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
