import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/comment_filter/ — settings: comments. */
export default function CommentFilteringPage() {
  return (
    <PlaceholderPanel
      title={'Comments'}
      description={'Hide offensive comments and filter comments containing your own keywords.'}
    />
  );
}
