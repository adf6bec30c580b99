import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { exchangeExternalCode } from '../../api/external';
import { serverMessage } from '../../api/client';
import { fullPageLoad } from '../../app/navigation';
import { getExternalLoginProvider, isExternalLoginAvailable } from '../../lib/externalProvider';
import { connectExternal, connectFailedMessage } from '../../state/external';
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

  useEffect(() => {
    if (code === null || handledCodes.has(code)) return;
    handledCodes.add(code);
    const returnURL = `${location.pathname}${location.search}`;
    const connect = async (): Promise<void> => {
      setWorking(true);
      try {
        const { access_token: token } = await exchangeExternalCode(code, returnURL);
        const ok = await connectExternal(
          token,
          next,
          (path) => navigate(path),
          () => void connect(),
        );
        if (!ok) setWorking(false);
      } catch (error) {
        setMessage(connectFailedMessage(null, serverMessage(error)));
        setWorking(false);
      }
    };
    void connect();
    // Once per provider answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  const returnPath = `${location.pathname}${next ? `?${new URLSearchParams({ next })}` : ''}`;
  const available = provider !== null && isExternalLoginAvailable();

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
              <Button block onClick={() => fullPageLoad(provider.authorizeUrl(returnPath))}>
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
