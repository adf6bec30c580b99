import { useSnapshot } from 'valtio';
import { getExternalLoginProvider } from '../../lib/externalProvider';
import type { AuthFormType } from '../../state/authForm';
import { externalState } from '../../state/external';
import { Spinner } from '../../ui/Spinner';
import { ExternalSignupForm } from './ExternalSignupForm';

/** The external login in progress: a spinner while logging in, or the external signup form. */
export function ExternalLoginPanel({
  next,
  cancelTo,
}: {
  next: string | null;
  cancelTo: AuthFormType;
}) {
  const { flow } = useSnapshot(externalState);
  const provider = getExternalLoginProvider();
  if (flow === 'signup') return <ExternalSignupForm next={next} cancelTo={cancelTo} />;
  return (
    <div className="external-working">
      <Spinner size={32} label={`Logging in with ${provider?.name ?? 'the external service'}`} />
      <p className="auth-form__hint">
        Logging you in with {provider?.name ?? 'the external service'}…
      </p>
    </div>
  );
}
