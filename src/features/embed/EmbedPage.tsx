import { usePageTitle } from '../../lib/navigation';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { embedScopeOf } from '../../api/embed';
import { useParams, useSearchParams } from '../../lib/router';
import { embedKey, embedState, loadEmbed } from '../../state/embed';
import { PostLoadFailed, PostLoading, PostNotFound } from '../post/PostStates';
import { EmbedCard } from './EmbedCard';
import { openLinksOutsideFrame } from './framedLinks';
import './embed.css';

/**
 * /p/:shortcode/embed/ — a post shown inside another website (drawn immersive: no app frame).
 * ?scope=global fills the strip below the card from across Glint instead of the owner's posts.
 */
export default function EmbedPage() {
  usePageTitle('Post');
  const { shortcode = '' } = useParams();
  const [params] = useSearchParams();
  const scope = embedScopeOf(params.get('scope'));
  const snap = useSnapshot(embedState);
  const resource = snap.embeds[embedKey(shortcode, scope)] ?? { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    void loadEmbed(shortcode, scope, controller.signal);
    return () => controller.abort();
  }, [shortcode, scope]);

  return (
    <div className="embed" onClickCapture={openLinksOutsideFrame}>
      {resource.status === 'ready' ? (
        <EmbedCard postId={resource.postId} shortcode={shortcode} scope={scope} />
      ) : resource.status === 'loading' ? (
        <PostLoading />
      ) : resource.notFound ? (
        <PostNotFound />
      ) : (
        <PostLoadFailed onRetry={() => void loadEmbed(shortcode, scope)} />
      )}
    </div>
  );
}
