// The administrators' review list of /admin/accounts: e-mail, created date and status,
// a filter by status, 'Approve' and 'Reject' per row. Reads go through the query cache;
// a decision is written to the account, which the waiting user's live listener sees at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AccountRecord, AccountStatus } from '../../services/firebase';
import { authErrorMessage } from './authErrors';
import { startSession } from './session';

const STATUS_LABEL: Record<AccountStatus, string> = {
  email_pending: 'E-mail not confirmed',
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function AdminAccounts() {
  const id = useId();
  const [filter, setFilter] = useState<AccountStatus | 'all'>('pending');
  const queryClient = useQueryClient();
  const accounts = useQuery<AccountRecord[]>({
    queryKey: ['accounts', filter],
    queryFn: async () => (await startSession()).listAccounts(filter === 'all' ? undefined : filter),
  });
  const decide = useMutation({
    mutationFn: async ({ uid, status }: { uid: string; status: AccountStatus }) =>
      (await startSession()).setAccountStatus(uid, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });

  const rows = [...(accounts.data ?? [])].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));

  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Accounts</h2>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Show</label>
        <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value as AccountStatus | 'all')}>
          <option value="pending">Waiting for approval</option>
          <option value="email_pending">E-mail not confirmed</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
          <option value="all">All accounts</option>
        </select>
      </div>
      {accounts.isPending && <p role="status">Loading...</p>}
      {accounts.isError && <p role="alert">The accounts could not be read: {authErrorMessage(accounts.error)}</p>}
      {decide.isError && <p role="alert">The decision was not saved: {authErrorMessage(decide.error)}</p>}
      {accounts.isSuccess && rows.length === 0 && <p>No accounts in this list.</p>}
      {rows.length > 0 && (
        <table className="accounts-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id}>
                <td>{a.email ?? a.authUid}</td>
                <td>{a.createdAt ? new Date(a.createdAt).toLocaleDateString() : '—'}</td>
                <td>{STATUS_LABEL[a.status] ?? a.status}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Approve ${a.email ?? a.authUid}`}
                    disabled={decide.isPending || a.status === 'approved'}
                    onClick={() => decide.mutate({ uid: a.id, status: 'approved' })}
                  >
                    Approve
                  </button>{' '}
                  <button
                    type="button"
                    className="button"
                    aria-label={`Reject ${a.email ?? a.authUid}`}
                    disabled={decide.isPending || a.status === 'rejected'}
                    onClick={() => decide.mutate({ uid: a.id, status: 'rejected' })}
                  >
                    Reject
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
