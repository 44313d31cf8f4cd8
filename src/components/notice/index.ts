export { NoticeProvider } from './NoticeProvider';
export { useNotice, type Notice, type NoticeApi, type NoticeSeverity } from './notice-context';
