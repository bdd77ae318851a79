/** `config/contracts/` (docs/rail.md, Contract defaults): what the company's new contracts start from. */
import { Paper, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { CompanySettingsForm } from '../../generic/CompanySettingsForm';
import { contractDefaults } from '../../resources/rail/contract-defaults';

export default function ContractDefaultsPage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, m: { xs: 0, sm: 1 }, maxWidth: 1000 }}>
      <Title title="Contract defaults" />
      <Typography variant="body2" color="text.secondary">
        A new contract made without its currency, price unit, volume per car, railroad or terms takes these. A contract keeps what it was made with when they change.
      </Typography>
      <CompanySettingsForm resource={contractDefaults} />
    </Paper>
  );
}
