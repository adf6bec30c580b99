import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { HeartIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /p/:shortcode/liked_by/ — the people who liked a post. */
export default function LikedByPage() {
  const { shortcode } = useParams();
  return (
    <PlaceholderPanel
      icon={<HeartIcon size={48} />}
      title={'Likes'}
      description={'Everyone who liked this post, with a follow button beside each name.'}
      links={[{ to: `/p/${shortcode ?? ''}/`, label: 'Back to post' }]}
    />
  );
}
