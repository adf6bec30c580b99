import { usePageTitle } from '../../lib/navigation';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { exchangeExternalCode } from '../../api/external';
import { serverMessage } from '../../api/client';
import { fullPageLoad } from '../../lib/navigation';
import { getExternalLoginProvider, isExternalLoginAvailable } from '../../lib/externalProvider';
import { connectExternal, connectFailedMessage } from '../../state/external';
import { showToast } from '../../state/toast';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCards';
import { ProviderMark } from './ExternalLoginButton';

const handledCodes = new Set<string>();

/**
 * /accounts/connect/external/?next=… — connects the member's external account. Back from the
 * provider with ?code= the code is exchanged and connected; `next` is followed only when it is a
 * valid connect redirect (spec §5), else home, with a toast either way.
 */
export default function ExternalConnectPage() {
  usePageTitle('Connect your account');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const provider = getExternalLoginProvider();
  const next = params.get('next');
  const code = params.get('code');
  const cancelled = params.get('error') !== null;
  const [working, setWorking] = useState(code !== null);
  const [message, setMessage] = useState<string | null>(
    cancelled ? 'Connecting was cancelled.' : null,
  );

  const returnPath = `${location.pathname}${next ? `?${new URLSearchParams({ next })}` : ''}`;
  const available = provider !== null && isExternalLoginAvailable();
  const startOver = () => {
    if (provider) fullPageLoad(provider.authorizeUrl(returnPath));
  };

  useEffect(() => {
    if (code === null || handledCodes.has(code)) return;
    handledCodes.add(code);
    const returnURL = `${location.pathname}${location.search}`;
    // The code works once: a retry connects the token it gave again.
    const connect = async (token: string): Promise<void> => {
      setWorking(true);
      const ok = await connectExternal(
        token,
        next,
        (path) => navigate(path),
        () => void connect(token),
      );
      if (!ok) setWorking(false);
    };
    exchangeExternalCode(code, returnURL).then(
      ({ access_token: token }) => connect(token),
      (error: unknown) => {
        const text = connectFailedMessage(null, serverMessage(error));
        setMessage(text);
        setWorking(false);
        // A dead code cannot be exchanged again: Retry asks the provider for a new one.
        showToast({ text, ...(provider ? { actionText: 'Retry', onAction: startOver } : {}) });
      },
    );
    // Once per provider answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__heading">Connect an external account</h1>
          {working ? (
            <div className="external-working">
              <Spinner size={32} label="Connecting" />
            </div>
          ) : available ? (
            <>
              <p className="auth-card__hint">
                Connect your {provider.name} account to log in with it and find friends who use
                Glint.
              </p>
              <Button block onClick={startOver}>
                <ProviderMark name={provider.name} />
                Connect to {provider.name}
              </Button>
            </>
          ) : (
            <p className="auth-card__hint">External accounts can&apos;t be connected here.</p>
          )}
          <div className="auth-form__error" role="alert">
            {message}
          </div>
        </AuthCard>
      </div>
    </div>
  );
}
