import { Rng, seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import { finalStatus, type StoredUploadedFile } from './store';

const KINDS = ['computers', 'users', 'groups', 'domains', 'gpos', 'ous', 'containers', 'azure'];

/** Finished jobs of the seeded users, newest last. */
export function seedFileUploads(state: DbState): void {
  const rng = new Rng(11_2026);
  const byName = (name: string) => state.users.find((u) => u.principal_name === name);
  const plan: [string, number, number, number][] = [
    // user, days before the seed epoch, files, failed
    ['admin', -41, 12, 0],
    ['uploader', -30, 8, 0],
    ['uploader', -21, 5, 2],
    ['poweruser', -14, 3, 3],
    ['admin', -9, 14, 0],
    ['uploader', -6, 6, 1],
    ['uploader', -2, 9, 0],
    ['admin', -1, 2, 0],
  ];
  state.fileUploadJobs = [];
  let id = 0;
  let fileId = 0;
  for (const [name, days, total, failed] of plan) {
    const user = byName(name);
    if (!user) continue;
    const start = seedTime(days + rng.int(0, 600) / 1440);
    const end = new Date(Date.parse(start) + rng.int(2, 25) * 60_000).toISOString();
    const ingested = new Date(Date.parse(end) + rng.int(1, 12) * 60_000).toISOString();
    const { status, message } = finalStatus({ total_files: total, failed_files: failed });
    // A job of more than four files came as one archive; its files name it as their parent.
    const stamp = start.slice(0, 10).replaceAll('-', '');
    const archive = total > 4 ? `${stamp}_BloodHound.zip` : '';
    const files: StoredUploadedFile[] = Array.from({ length: total }, (_, i) => ({
      id: ++fileId,
      file_name: `${stamp}_${KINDS[i % KINDS.length]}${i >= KINDS.length ? `_${i}` : ''}.json`,
      parent_file_name: archive,
      errors: i < total - failed ? [] : ['The file is not valid JSON: unexpected end of data.'],
      created_at: ingested,
      updated_at: ingested,
      deleted_at: null,
    }));
    state.fileUploadJobs.push({
      id: ++id,
      user_id: user.id,
      user_email_address: user.email_address ?? '',
      status,
      status_message: message,
      start_time: start,
      end_time: end,
      last_ingest: total > failed ? ingested : null,
      total_files: total,
      failed_files: failed,
      files,
      created_at: start,
      updated_at: ingested,
      deleted_at: null,
    });
  }
  state.counters['file-upload-job'] = id;
  state.counters['file-upload-task'] = fileId;
}
