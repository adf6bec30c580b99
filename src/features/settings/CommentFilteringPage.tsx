import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  displayKeywords,
  keywordsDraftEdited,
  loadCommentFilter,
  preferencesState,
  saveKeywords,
  toggleCommentFilter,
} from '../../state/settingsPreferences';
import { Button } from '../../ui/Button';
import { ResourceView, SettingsPage, SwitchRow } from './SettingsParts';
import { useLoad } from './useLoad';

/** /accounts/comment_filter/ — the offensive-comment filter and the member's own keywords. */
export default function CommentFilteringPage() {
  const snap = useSnapshot(preferencesState);
  useLoad(loadCommentFilter);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void saveKeywords();
  }

  return (
    <SettingsPage title="Comments">
      <ResourceView
        resource={snap.commentFilter}
        label="your comment settings"
        onRetry={() => void loadCommentFilter()}
      >
        {(filter) => (
          <>
            <section className="settings-section" aria-labelledby="comments-filter">
              <h2 className="settings-section-title" id="comments-filter">
                Comment filtering
              </h2>
              <SwitchRow
                label="Hide offensive comments"
                description="Automatically hide comments that may be offensive from your posts."
                checked={filter.configOn}
                disabled={snap.commentFilterPending}
                onChange={(on) => void toggleCommentFilter(on)}
              />
            </section>
            <form
              className="settings-section"
              aria-labelledby="comments-keywords"
              onSubmit={onSubmit}
            >
              <h2 className="settings-section-title" id="comments-keywords">
                Manual filter
              </h2>
              <label className="settings-stack-label" htmlFor="comment-keywords">
                Keywords
              </label>
              <textarea
                id="comment-keywords"
                className="settings-input settings-input--area"
                rows={4}
                value={snap.keywordsDraft}
                placeholder="Words separated by commas…"
                aria-describedby="comment-keywords-hint"
                onChange={(event) =>
                  keywordsDraftEdited(preferencesState, event.currentTarget.value)
                }
              />
              <p className="settings-row__hint" id="comment-keywords-hint">
                Comments that contain these words are hidden from your posts. Separate keywords with
                commas.
              </p>
              {filter.keywords.length > 0 ? (
                <p className="settings-keywords">
                  <span className="settings-keywords__label">Filtering now: </span>
                  {displayKeywords(filter.keywords)}
                </p>
              ) : null}
              <div>
                <Button type="submit" busy={snap.savingKeywords}>
                  Save
                </Button>
              </div>
            </form>
          </>
        )}
      </ResourceView>
    </SettingsPage>
  );
}
