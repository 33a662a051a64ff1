import { describe, expect, test } from 'vitest';
import { SADF_FIGURES } from '../tools/sadf/series.ts';
import { DEVICE_FIGURES, deviceFiguresOf, formatPageState, parsePageState, shownFigure } from './page-state.ts';

// One device figure per page, shared by iostat's sections (r/s, w/s) and sadf's (tps).
const choices = { runs: ['none', 'mq-deadline'], sections: {} };

describe('the device figure of a page with iostat and sadf sections', () => {
  test('a section shows the figure asked for when it has it', () => {
    expect(shownFigure(DEVICE_FIGURES, 'writesPerSec')).toBe('writesPerSec');
    expect(shownFigure(SADF_FIGURES, 'writeBytesPerSec')).toBe('writeBytesPerSec');
    expect(shownFigure(SADF_FIGURES, 'transfersPerSec')).toBe('transfersPerSec');
  });

  test('r/s or w/s asked of sar’s figures shows tps, the same requests both ways', () => {
    expect(shownFigure(SADF_FIGURES, 'readsPerSec')).toBe('transfersPerSec');
    expect(shownFigure(SADF_FIGURES, 'writesPerSec')).toBe('transfersPerSec');
  });

  test('tps asked of iostat’s figures, which have none, shows the section’s first', () => {
    expect(shownFigure(DEVICE_FIGURES, 'transfersPerSec')).toBe('util');
  });

  test('a section names its figures, or has iostat’s', () => {
    expect(deviceFiguresOf({})).toBe(DEVICE_FIGURES);
    expect(deviceFiguresOf({ deviceFigures: SADF_FIGURES })).toBe(SADF_FIGURES);
  });

  test('the URL keeps tps, as it keeps iostat’s figures', () => {
    const state = parsePageState('?figure=transfersPerSec', choices);
    expect(state.figure).toBe('transfersPerSec');
    expect(formatPageState(state, choices)).toBe('?figure=transfersPerSec');
    expect(parsePageState('?figure=tps', choices).figure).toBe('util');
  });
});
