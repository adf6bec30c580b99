import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { GlintMark } from '../../ui/icons';
import { useParams } from '../../lib/router';

/** /p/:shortcode/embed/ — a post shown inside another website. */
export default function EmbedPage() {
  const { shortcode } = useParams();
  return (
    <PlaceholderPanel
      icon={<GlintMark size={48} />}
      title={'Glint post'}
      description={
        'A compact view of this post for other websites, with a link to see it on Glint.'
      }
      links={[{ to: `/p/${shortcode ?? ''}/`, label: 'View on Glint' }]}
    />
  );
}
