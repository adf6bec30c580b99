import type { ReactNode } from 'react';

interface ProfileEmptyProps {
  icon?: ReactNode;
  title: string;
  /** Extra modifier class, e.g. "profile-empty--private". */
  className?: string;
  children?: ReactNode;
}

/** What a profile grid shows instead of posts: an icon, a title and a line of explanation. */
export function ProfileEmpty({ icon, title, className, children }: ProfileEmptyProps) {
  return (
    <div className={className ? `profile-empty ${className}` : 'profile-empty'}>
      {icon ? <span className="profile-empty__icon">{icon}</span> : null}
      <h2 className="profile-empty__title">{title}</h2>
      {children}
    </div>
  );
}
