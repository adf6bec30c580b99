// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GradeHelp, exportVariant } from '../../../src/media/gradeHelp';
import type { PhotoEdits } from '../../../workers/photoPipeline';

const crop = { x: 0, y: 0, width: 10, height: 10 };
const edits = (more: Partial<PhotoEdits> = {}): PhotoEdits => ({
  crop,
  rotationAngle: 0,
  filterName: 'clarendon',
  strength: 1,
  ...more,
});

describe('exportVariant', () => {
  it('names the program that grades the edits, none for Normal without adjustments', () => {
    expect(exportVariant(edits({ filterName: 'normal' }))).toBeNull();
    expect(exportVariant(edits({ strength: 0 }))).toBeNull();
    expect(exportVariant(edits())).toBe('look');
    expect(exportVariant(edits({ filterName: 'normal', adjustments: { fade: 20 } }))).toBe(
      'adjust',
    );
    expect(exportVariant(edits({ adjustments: { fade: 20, sharpen: 10 } }))).toBe('sharpen');
    expect(exportVariant(edits({ adjustments: { fade: 0 } }))).toBe('look');
  });
});

describe('GradeHelp', () => {
  it('never asks on a device whose exports grade on WebGL', () => {
    const help = new GradeHelp(() => 8);
    for (const more of [{}, { adjustments: { fade: 20 } }, { adjustments: { sharpen: 20 } }]) {
      expect(help.wants(edits(more))).toBe(false);
      expect(help.learn(edits(more), { renderer: 'webgl' }, false)).toBe(false);
      expect(help.wants(edits(more))).toBe(false);
    }
  });

  it('asks once an export of the same program came back graded on the CPU', () => {
    const help = new GradeHelp(() => 2);
    expect(help.wants(edits())).toBe(false);
    // The first CPU-graded export asked for nothing: start the spare for the next one.
    expect(help.learn(edits(), { renderer: 'cpu' }, false)).toBe(true);
    expect(help.wants(edits())).toBe(true);
    expect(help.learn(edits(), { renderer: 'cpu' }, true)).toBe(false);
    // Another program variant is measured on its own.
    expect(help.wants(edits({ adjustments: { sharpen: 30 } }))).toBe(false);
    // The path changed (a new calibration): it stops asking.
    help.learn(edits(), { renderer: 'webgl' }, true);
    expect(help.wants(edits())).toBe(false);
  });

  it('follows a forced path and never asks on one core, for Normal or for the JavaScript twin', () => {
    const help = new GradeHelp(() => 4);
    expect(help.wants(edits({ renderer: 'cpu' }))).toBe(true);
    expect(help.wants(edits({ renderer: 'webgl' }))).toBe(false);
    expect(help.wants(edits({ renderer: 'cpu', cpuEngine: 'js' }))).toBe(false);
    expect(help.wants(edits({ renderer: 'cpu', filterName: 'normal' }))).toBe(false);
    // A forced path teaches nothing about the device's own choice.
    help.learn(edits({ renderer: 'cpu' }), { renderer: 'cpu' }, true);
    expect(help.wants(edits())).toBe(false);
    const single = new GradeHelp(() => 1);
    expect(single.wants(edits({ renderer: 'cpu' }))).toBe(false);
    expect(single.learn(edits(), { renderer: 'cpu' }, false)).toBe(false);
  });
});
