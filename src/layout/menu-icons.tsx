import type { ReactElement } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrainIcon from '@mui/icons-material/Train';
import MapIcon from '@mui/icons-material/Map';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ArticleIcon from '@mui/icons-material/Article';
import FactoryIcon from '@mui/icons-material/Factory';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import StraightenIcon from '@mui/icons-material/Straighten';
import ReceiptIcon from '@mui/icons-material/Receipt';
import GavelIcon from '@mui/icons-material/Gavel';
import ScheduleIcon from '@mui/icons-material/Schedule';
import HandshakeIcon from '@mui/icons-material/Handshake';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import BusinessIcon from '@mui/icons-material/Business';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import InventoryIcon from '@mui/icons-material/Inventory';
import SettingsIcon from '@mui/icons-material/Settings';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import type { MenuIcon } from '../routes/menu';

export const MENU_ICONS: Record<MenuIcon, ReactElement> = {
  home: <HomeIcon />, dashboard: <DashboardIcon />, contract: <DescriptionIcon />, shipment: <LocalShippingIcon />,
  trace: <TimelineIcon />, fleet: <TrainIcon />, map: <MapIcon />, report: <AssessmentIcon />, document: <ArticleIcon />, terminal: <FactoryIcon />,
  ticket: <ConfirmationNumberIcon />, gauge: <StraightenIcon />, invoice: <ReceiptIcon />, customs: <GavelIcon />,
  scheduler: <ScheduleIcon />, partner: <HandshakeIcon />, invitation: <MailIcon />, user: <PeopleIcon />, party: <BusinessIcon />,
  facility: <WarehouseIcon />, product: <InventoryIcon />, settings: <SettingsIcon />, form: <DynamicFormIcon />,
  account: <AccountCircleIcon />,
};
