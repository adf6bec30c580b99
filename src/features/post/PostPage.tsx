import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { NewPostIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /p/:shortcode/ — one post with its comments (also opened as a modal over other pages). */
export default function PostPage() {
  const { shortcode } = useParams();
  return (
    <PlaceholderPanel
      icon={<NewPostIcon size={48} />}
      title={'Post'}
      description={'The photo with its caption, likes and comments.'}
      links={[
        { to: `/p/${shortcode ?? ''}/liked_by/`, label: 'Liked by' },
        { to: '/', label: 'Home' },
      ]}
    />
  );
}
