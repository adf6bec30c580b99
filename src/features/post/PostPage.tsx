import { useContext, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../lib/navigation';
import { useLocation, useNavigate, useParams } from '../../lib/router';
import { postsState } from '../../state/posts';
import { loadPostPage } from '../../state/postsActions';
import { ModalRouteContext } from './ModalRouteOutlet';
import { PostDetail } from './PostDetail';
import { PostModal } from './PostModal';
import { PostLoadFailed, PostLoading, PostNotFound } from './PostStates';
import { usePostPage } from './usePostPage';
import './PostDetail.css';

function FullPostPage({ shortcode }: { shortcode: string }) {
  const resource = usePostPage(shortcode);
  // Until the post is drawn (PostDetail then names the tab after it).
  usePageTitle(resource.status === 'ready' ? null : 'Post');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { byId } = useSnapshot(postsState);
  // Opened by media id (/p/{mediaId}/): the address becomes the post's own /p/{shortcode}/.
  const canonical = resource.status === 'ready' ? byId[resource.id]?.shortcode : undefined;
  useEffect(() => {
    if (canonical && canonical !== shortcode) {
      navigate(`/p/${canonical}/${search}`, { replace: true });
    }
  }, [canonical, shortcode, search, navigate]);
  return (
    <div className="post-page">
      {resource.status === 'ready' ? (
        <PostDetail
          postId={resource.id}
          variant="page"
          onDeleted={() => navigate('/', { replace: true })}
        />
      ) : resource.status === 'loading' ? (
        <PostLoading />
      ) : resource.notFound ? (
        <PostNotFound />
      ) : (
        <PostLoadFailed onRetry={() => void loadPostPage(shortcode)} />
      )}
    </div>
  );
}

/** /p/:shortcode/ — one post with its comments, or the post modal over the page it came from. */
export default function PostPage() {
  const { shortcode = '' } = useParams();
  const modal = useContext(ModalRouteContext);
  if (modal) return <PostModal shortcode={shortcode} />;
  return <FullPostPage shortcode={shortcode} />;
}
