interface TopLoadingBarProps {
  active: boolean;
}

/** The thin bar across the top of the window while a lazily loaded page is on its way. */
export function TopLoadingBar({ active }: TopLoadingBarProps) {
  if (!active) return null;
  return (
    <div className="top-loading-bar" role="progressbar" aria-label="Loading page">
      <div className="top-loading-bar__fill" />
    </div>
  );
}
