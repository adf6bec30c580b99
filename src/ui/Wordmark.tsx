import { GlintMark } from './icons';

interface WordmarkProps {
  size?: 'sm' | 'md' | 'lg';
}

/** The Glint logo: mark plus wordmark. Its accessible name is "Glint". */
export function Wordmark({ size = 'md' }: WordmarkProps) {
  const mark = size === 'lg' ? 40 : size === 'sm' ? 24 : 28;
  return (
    <span className={`wordmark wordmark--${size}`}>
      <GlintMark size={mark} />
      <span className="wordmark__text">Glint</span>
    </span>
  );
}
