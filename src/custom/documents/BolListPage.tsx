/**
 * `company/documents/billoflading/list/` (docs/documents.md, Screens): the company's bill of
 * lading documents in the shared table, newest first, with a filter bar (status, uploaded), the
 * documents to review a chip away; Upload for those who may add. A row opens the document.
 */
import { useCallback } from 'react';
import { Box, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Title, useCanAccess } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { ResourceTable } from '../../table/ResourceTable';
import { TableButton } from '../../table/TableButton';
import type { Row } from '../../table/grid-columns';
import { bolDetailPath, bolUploadPath } from './bol-paths';

const FILTER_BAR = ['status', 'created_at'] as const;

export default function BolListPage() {
  const navigate = useNavigate();
  const { canAccess: mayAdd } = useCanAccess({ resource: billOfLading.name, action: 'create' });
  const open = useCallback((row: Row) => navigate(bolDetailPath(row.id as number)), [navigate]);
  return (
    <Box>
      <Title title="Bill of lading documents" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Bills of lading as they came: their text read, each tied to the trips of its cars. The ones to review wait for a person.
      </Typography>
      <ResourceTable
        resource={billOfLading.name}
        table="bol-documents"
        filterBar={FILTER_BAR}
        onRowClick={open}
        toolbar={mayAdd ? <TableButton label="Upload" icon={<UploadFileIcon />} to={bolUploadPath()} variant="contained" tooltip="Upload bills of lading" /> : null}
      />
    </Box>
  );
}
