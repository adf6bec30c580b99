/** Account settings pages (accounts-platform §2 page identifiers; paths chosen here). */
export const SETTINGS_PAGES = [
  { to: '/accounts/edit/', label: 'Edit profile' },
  { to: '/accounts/password/change/', label: 'Change password' },
  { to: '/accounts/privacy_and_security/', label: 'Privacy and security' },
  { to: '/emails/settings/', label: 'Email preferences' },
  { to: '/accounts/comment_filter/', label: 'Comments' },
  { to: '/accounts/manage_access/', label: 'Apps and websites' },
  { to: '/accounts/contact_history/', label: 'Contacts' },
  { to: '/accounts/deactivate/', label: 'Deactivate account' },
] as const;
