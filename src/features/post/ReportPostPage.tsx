import { usePageTitle } from '../../lib/navigation';
import { useState } from 'react';
import { Link, useParams } from '../../lib/router';
import { reportPost } from '../../state/postsActions';
import { Button } from '../../ui/Button';
import './PostSubpage.css';
import './ReportPostPage.css';

/** /media/:mediaId/flag/ — report a post (members only; the route guards it). */
export default function ReportPostPage() {
  usePageTitle('Report');
  const { mediaId = '' } = useParams();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function send() {
    setState('sending');
    setState((await reportPost(mediaId)) ? 'sent' : 'idle');
  }

  return (
    <section className="report-post">
      <h1 className="report-post__title">Report post</h1>
      {state === 'sent' ? (
        <p>Thanks for reporting this post.</p>
      ) : (
        <>
          <p>Tell us this post shouldn&apos;t be on Glint. Reports are anonymous.</p>
          <Button variant="danger" busy={state === 'sending'} onClick={() => void send()}>
            Report
          </Button>
        </>
      )}
      <Link to="/">Back to home</Link>
    </section>
  );
}
