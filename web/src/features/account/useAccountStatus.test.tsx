import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../ui/toast/toastStore';
import { Toaster } from '../../ui/toast';
import { fixedProvider, type AccountCheck, type AccountStatusProvider } from './accountStatus';
import { useAccountStatus } from './useAccountStatus';

function Probe({ provider }: { provider: AccountStatusProvider }) {
  const { status } = useAccountStatus(true, provider);
  return <p>status: {status}</p>;
}

const providerOf = (check: () => Promise<AccountCheck>) => {
  const signOut = vi.fn(() => Promise.resolve());
  return Object.assign(fixedProvider(check, signOut), { signOut });
};

describe('useAccountStatus', () => {
  afterEach(() => {
    act(() => getToasts().forEach((t) => dismissToast(t.id)));
  });

  it('is checking, then allowed when nobody is signed in', async () => {
    render(<Probe provider={providerOf(() => Promise.resolve({ kind: 'no-user' }))} />);
    expect(screen.getByText('status: checking')).toBeInTheDocument();
    expect(await screen.findByText('status: allowed')).toBeInTheDocument();
  });

  it('follows the account live: pending, then approved by an administrator, lets the user in', async () => {
    let report: (c: AccountCheck) => void = () => undefined;
    const provider: AccountStatusProvider = {
      watch: (onCheck) => {
        report = onCheck;
        onCheck({ kind: 'account', status: 'pending' });
        return () => undefined;
      },
      signOut: () => Promise.resolve(),
    };
    render(<Probe provider={provider} />);
    expect(await screen.findByText('status: pending')).toBeInTheDocument();
    act(() => report({ kind: 'account', status: 'approved' }));
    expect(await screen.findByText('status: allowed')).toBeInTheDocument();
  });

  it('rejected: destructive toast with the SPEC message, and the user is signed out', async () => {
    const provider = providerOf(() => Promise.resolve({ kind: 'account', status: 'rejected' }));
    render(
      <>
        <Probe provider={provider} />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('status: rejected')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Account Rejected');
    expect(alert).toHaveTextContent(
      'Your account registration was not approved. Please contact support if you believe this is an error.',
    );
    expect(provider.signOut).toHaveBeenCalledTimes(1);
  });

  it('a failed check shows the Error toast and lets the user continue', async () => {
    render(
      <>
        <Probe provider={providerOf(() => Promise.reject(new Error('network')))} />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('status: allowed')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to verify account status. Please try again later.');
  });
});
