// Moved to common/ (what the client and the server both use); kept so client imports stay.
export * from '../../common/linkify';
