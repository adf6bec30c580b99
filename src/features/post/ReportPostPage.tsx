import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /media/:mediaId/flag/ — report a post. */
export default function ReportPostPage() {
  return (
    <PlaceholderPanel
      title={'Report post'}
      description={"Tell us why this post shouldn't be on Glint. Reports are anonymous."}
      links={[{ to: '/', label: 'Home' }]}
    />
  );
}
