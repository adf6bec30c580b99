import { dismiss } from '../lib/dismissCookies';
import { CloseIcon, GlintMark } from '../ui/icons';
import { takeInstallOffer, useInstallOffer } from './installPrompt';
import './InstallBanner.css';

/**
 * Add to home screen (feature switch add_to_home_screen): offered to members when the browser
 * says Glint can be installed. Closing it, or declining the browser's dialog, keeps it away for
 * 30 days (spec §9 dismiss cookie).
 */
export function InstallBanner() {
  const offer = useInstallOffer();
  if (!offer) return null;

  const install = async () => {
    const taken = takeInstallOffer();
    if (!taken) return;
    try {
      await taken.prompt();
      const { outcome } = await taken.userChoice;
      if (outcome === 'dismissed') dismiss('addToHomescreen');
    } catch {
      // The browser withdrew the offer (already installed, or prompt refused): nothing to show.
    }
  };
  const close = () => {
    takeInstallOffer();
    dismiss('addToHomescreen');
  };

  return (
    <aside className="install-banner" aria-label="Install Glint">
      <GlintMark size={40} />
      <div className="install-banner__text">
        <p className="install-banner__title">Install Glint</p>
        <p className="install-banner__subtitle">Open Glint right from your home screen.</p>
      </div>
      <button type="button" className="btn btn--primary btn--sm" onClick={() => void install()}>
        Install
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={close}>
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}
