import { Spinner } from '../ui/Spinner';
import { TopLoadingBar } from '../ui/TopLoadingBar';

/** The page area while the first page's code downloads. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <TopLoadingBar active />
      <Spinner size={32} label="Loading" />
    </div>
  );
}
