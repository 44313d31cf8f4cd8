import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId } from 'react';
import { describeError } from '@/api/errors';
import { SAVED_QUERY_SCOPES, type SavedQueryScope } from '@/api/schemas/saved-queries';
import { useMenuButton } from '@/components/menu-button';
import { useNotice } from '@/components/notice';
import { useExportSavedQueries } from '@/api/saved-queries/saved-query-files';
import { saveFile } from '@/lib/save-file';
import { SCOPE_LABELS } from './saved-query-columns';

/** What a scope's ZIP holds, for the notice once it is downloaded. */
const EXPORTED: Record<SavedQueryScope, string> = {
  all: 'every query you can see',
  owned: 'your queries',
  shared: 'the queries shared with you',
  public: 'the public queries',
};

/** "Export all": a menu of scopes (all I can see, mine, shared with me, public); the pick downloads their ZIP. */
export function ExportSavedQueriesButton() {
  const menuId = useId();
  const { anchor, mounted, close, button } = useMenuButton(menuId);
  const exportAll = useExportSavedQueries({ save: saveFile });
  const { notify } = useNotice();
  const pick = (scope: SavedQueryScope) => {
    close();
    // One download at a time (the button stays enabled, so the keyboard's focus stays on it).
    if (exportAll.isPending) return;
    exportAll.mutate(scope, {
      onSuccess: (fileName) => notify(`Downloaded ${fileName}, with ${EXPORTED[scope]}.`),
      onError: (error) => notify({ message: `Could not export: ${describeError(error)}`, severity: 'error' }),
    });
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} endIcon={<ArrowDropDownIcon />} {...button}>
        Export all
      </Button>
      {mounted && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {SAVED_QUERY_SCOPES.map((scope) => (
            <MenuItem key={scope} onClick={() => pick(scope)}>
              {SCOPE_LABELS[scope]}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
