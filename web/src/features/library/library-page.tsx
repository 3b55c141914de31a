import { ArrowLeft } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { DownloadedTab } from '../../offline/downloads/downloaded-tab';
import { IconButton } from '../../ui/icon-button';
import { PageTitle } from '../../ui/page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { ArtistsTab } from './artists-tab';
import { LibraryOverview } from './library-overview';
import { LIBRARY_TAB_LABELS, LIBRARY_TABS, libraryTabPath, parseLibraryTab, type LibraryTab } from './library-tabs';
import { LikedPlaylistsTab } from './liked-playlists-tab';
import { LikedSongsTab } from './liked-songs-tab';
import { UploadDialog } from './upload-dialog';

/**
 * The listener's library (spec section 2). The tab lives in the address (?tab=liked, playlists,
 * artists; anything else is the main view), so the sidebar's links, reloads and the browser's
 * back button all land on the same tab. Radix mounts only the open tab, so only its data loads.
 */
export function LibraryPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = parseLibraryTab(searchParams.get('tab'));

  function showTab(next: LibraryTab) {
    void navigate(libraryTabPath(next));
  }

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title={tab === 'main' ? 'Your Library' : LIBRARY_TAB_LABELS[tab]} />
      <header className="flex items-center gap-3">
        {tab !== 'main' && (
          <IconButton label="Back" variant="secondary" onClick={() => showTab('main')}>
            <ArrowLeft aria-hidden />
          </IconButton>
        )}
        <h1 className="min-w-0 flex-1 truncate text-2xl font-extrabold tracking-tight sm:text-3xl">Your Library</h1>
        <UploadDialog />
      </header>

      <Tabs value={tab} onValueChange={(value) => showTab(parseLibraryTab(value))} className="grid grid-cols-1 gap-6">
        {/* Columns as wide as their labels, sharing what is left, so 'Liked Songs' stays on one line on a
            phone; a phone with a wider font scrolls the row rather than the page. */}
        <TabsList aria-label="Library sections" className="grid-cols-[repeat(5,auto)] overflow-x-auto sm:max-w-xl">
          {LIBRARY_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-1.5 text-xs whitespace-nowrap sm:px-3 sm:text-sm">
              {LIBRARY_TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="main">
          <LibraryOverview />
        </TabsContent>
        <TabsContent value="liked">
          <LikedSongsTab />
        </TabsContent>
        <TabsContent value="playlists">
          <LikedPlaylistsTab />
        </TabsContent>
        <TabsContent value="artists">
          <ArtistsTab />
        </TabsContent>
        <TabsContent value="downloaded">
          <DownloadedTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
