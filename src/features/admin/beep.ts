/**
 * A short two-tone beep for a new order, generated with Web Audio (no sound file to fetch or
 * cache); 'late' (issue 19: an order past its accept deadline) is louder, higher and three tones.
 * Browsers only allow audio after a user gesture on the page; before that the beep is silently
 * skipped and the highlighted card still tells the manager.
 */
export type BeepLevel = 'new' | 'late';
const BEEP_TONES_HZ: Record<BeepLevel, readonly number[]> = { new: [880, 1320], late: [1320, 1760, 1320] };
const BEEP_TONE_MS = 140;
const BEEP_GAIN: Record<BeepLevel, number> = { new: 0.2, late: 0.6 };

let context: AudioContext | null = null;

export function playNewOrderBeep(level: BeepLevel = 'new'): void {
  try {
    const AudioCtor = window.AudioContext;
    if (!AudioCtor) return;
    context ??= new AudioCtor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    BEEP_TONES_HZ[level].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.value = BEEP_GAIN[level];
      oscillator.connect(gain).connect(context!.destination);
      const at = start + (index * BEEP_TONE_MS) / 1000;
      oscillator.start(at);
      oscillator.stop(at + BEEP_TONE_MS / 1000);
    });
  } catch {
    // No audio device or blocked autoplay: the highlight is enough.
  }
}
