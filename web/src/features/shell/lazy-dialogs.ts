import { lazy } from 'react';

// The shell's dialogs and drawers load when first opened: the first screen needs none of them,
// and together with Radix's dialog code they were a third of the signed-in app's script.
export const loadCreatePlaylistDialog = () => import('../playlists/create-playlist-dialog');
export const CreatePlaylistDialog = lazy(() => loadCreatePlaylistDialog().then((m) => ({ default: m.CreatePlaylistDialog })));
export const ProfileDialog = lazy(() => import('../profile/profile-dialog').then((m) => ({ default: m.ProfileDialog })));
export const ExtraRadioDialog = lazy(() => import('../radio/extra-radio-dialog').then((m) => ({ default: m.ExtraRadioDialog })));
export const SettingsDialog = lazy(() => import('../settings/settings-dialog').then((m) => ({ default: m.SettingsDialog })));
export const loadDrawer = () => import('../../ui/drawer');
export const Drawer = lazy(() => loadDrawer().then((m) => ({ default: m.Drawer })));
export const loadAccountMenu = () => import('./account-menu');
export const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));
