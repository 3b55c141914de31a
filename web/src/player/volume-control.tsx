import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { cn } from '../ui/cn';
import { IconButton } from '../ui/icon-button';
import { Slider } from '../ui/slider';
import { usePlayer } from './player-context';

/** Mute toggle and the 0–100 volume slider. */
export function VolumeControl({ className }: { className?: string }) {
  const { currentSong, volume, setVolume, toggleMute } = usePlayer();
  const disabled = currentSong === null;
  const Icon = volume === 0 ? VolumeX : volume < 50 ? Volume1 : Volume2;

  return (
    <div className={cn('flex items-center gap-1', className)}>
      <IconButton label={volume === 0 ? 'Unmute' : 'Mute'} disabled={disabled} onClick={toggleMute} className="md:size-9">
        <Icon aria-hidden />
      </IconButton>
      <Slider
        aria-label="Volume"
        value={[volume]}
        max={100}
        disabled={disabled}
        onValueChange={([next]) => setVolume(next ?? volume)}
        className="w-full"
      />
    </div>
  );
}
