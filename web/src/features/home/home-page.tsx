import { PageTitle } from '../../ui/page-title';
import { editorialPlaylistsQuery, myPlaylistsQuery } from '../playlists/api';
import { recentlyPlayedQuery, songsQuery, trendingQuery } from './api';
import { GenreTiles } from './genre-tiles';
import { HomeBanners } from './home-banners';
import { PlaylistShelf } from './playlist-shelf';
import { SongShelf } from './song-shelf';

/** Two rows of five on a wide screen: enough to choose from without burying the rest of the page. */
const HOME_SHELF_LIMIT = 10;

/**
 * Personal shelves first (they are short), then the catalogue's, then genres; the whole
 * catalogue ('Browse all') comes last because it is by far the longest.
 */
export function HomePage() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 md:gap-10 md:py-8">
      <PageTitle title="Home" />
      <HomeBanners />
      <PlaylistShelf
        title="Your playlists"
        query={myPlaylistsQuery}
        emptyMessage="Playlists you create will show up here."
      />
      <SongShelf
        title="Recently played"
        contextId="recently-played"
        query={recentlyPlayedQuery}
        layout="shelf"
        limit={HOME_SHELF_LIMIT}
        emptyMessage="Songs you listen to will show up here."
      />
      <SongShelf
        title="Trending now"
        contextId="trending"
        query={trendingQuery}
        layout="shelf"
        maxColumns={5}
        limit={HOME_SHELF_LIMIT}
      />
      <PlaylistShelf title="Made for you" query={editorialPlaylistsQuery} />
      <GenreTiles title="Genres" />
      <SongShelf title="Browse all" contextId="browse-all" query={songsQuery} emptyMessage="No songs in the catalogue yet." />
    </div>
  );
}
