// The follow-all card above the feed (content §3 edge_facebook_friends, accounts §7 follow_all_fb,
// §9 "follow-all 14 days" dismiss cookie).
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { followAllProviderFriends } from '../../api/friendships';
import { serverMessage } from '../../api/requestError';
import { dismiss, isDismissed } from '../../lib/dismissCookies';
import { getExternalLoginProvider } from '../../lib/externalProvider';
import { feedState, hideProviderFriends, refreshFeed } from '../../state/feed';
import { showToast } from '../../state/toast';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';

const friends = (n: number) => `${n} ${n === 1 ? 'friend' : 'friends'}`;

function doneText(followed: number, requested: number): string {
  if (requested === 0) return `Following ${friends(followed)}`;
  if (followed === 0) return `Requested to follow ${friends(requested)}`;
  return `Following ${friends(followed)}, requested ${requested} more`;
}

export function FollowAllFriendsCard() {
  const { providerFriendsCount: count } = useSnapshot(feedState);
  const [busy, setBusy] = useState(false);
  if (count <= 0 || isDismissed('followAll')) return null;
  const providerName = getExternalLoginProvider()?.name ?? 'the external service';
  const text = `${count} of your friends from ${providerName} ${count === 1 ? 'is' : 'are'} on Glint`;

  const followAll = async () => {
    setBusy(true);
    try {
      const res = await followAllProviderFriends();
      hideProviderFriends();
      showToast({ text: doneText(res.followed_count, res.requested_count) });
      // Their posts join the feed.
      void refreshFeed();
    } catch (error) {
      showToast({ text: serverMessage(error) ?? "Couldn't follow your friends. Try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="friends-card" aria-label="Friends on Glint">
      <p className="friends-card__text">{text}</p>
      {/* The label names the button while its spinner replaces the text. */}
      <Button size="sm" busy={busy} aria-label="Follow all" onClick={() => void followAll()}>
        Follow all
      </Button>
      <button
        type="button"
        className="icon-button friends-card__dismiss"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => {
          dismiss('followAll');
          hideProviderFriends();
        }}
      >
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
