import type { ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { getExternalLoginProvider, isExternalLoginAvailable } from '../../lib/externalProvider';
import { beginExternalLogin, externalState } from '../../state/external';
import { Button } from '../../ui/Button';

/** The "OR" rule between password login and external login. */
export function OrDivider() {
  return (
    <div className="or-divider" role="separator">
      <span>or</span>
    </div>
  );
}

/** The provider's round mark: its initial on a brand disc (the stand-in has no logo). */
export function ProviderMark({ name }: { name: string }) {
  return (
    <span className="provider-mark" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

interface ExternalLoginButtonProps {
  next: string | null;
  variant: 'primary' | 'link';
  /** Rendered before/after the button only when external login is offered (a divider). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * "Continue with <provider>" — or "Continue as <name>" when the provider status is authorized.
 * Not rendered where external login is not offered (host, country, no provider).
 */
export function ExternalLoginButton({ next, variant, before, after }: ExternalLoginButtonProps) {
  const location = useLocation();
  const { status, name, flow } = useSnapshot(externalState);
  const provider = getExternalLoginProvider();
  if (!provider || !isExternalLoginAvailable()) return null;
  const label =
    status === 'authorized' && name ? `Continue as ${name}` : `Continue with ${provider.name}`;
  const returnPath = `${location.pathname}${location.search}`;
  return (
    <>
      {before}
      <Button
        variant={variant === 'primary' ? 'primary' : 'link'}
        block
        className={`external-login external-login--${variant}`}
        busy={flow === 'working'}
        onClick={() => beginExternalLogin(returnPath, next)}
      >
        <ProviderMark name={provider.name} />
        {label}
      </Button>
      {after}
    </>
  );
}
