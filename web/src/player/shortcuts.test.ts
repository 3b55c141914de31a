import { describe, expect, it } from 'vitest';
import { getShortcutAction, type KeyInput, type KeyTarget } from './shortcuts';

const body: KeyTarget = { tagName: 'BODY', role: null, isContentEditable: false };

function press(key: string, options: Partial<KeyInput> = {}) {
  return getShortcutAction({
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    target: body,
    ...options,
  });
}

describe('player shortcuts', () => {
  it('Space plays or pauses, arrows seek 5 s, Shift+arrows change song', () => {
    expect(press(' ')).toEqual({ type: 'toggle-play' });
    expect(press('ArrowRight')).toEqual({ type: 'seek-by', seconds: 5 });
    expect(press('ArrowLeft')).toEqual({ type: 'seek-by', seconds: -5 });
    expect(press('ArrowRight', { shiftKey: true })).toEqual({ type: 'next' });
    expect(press('ArrowLeft', { shiftKey: true })).toEqual({ type: 'previous' });
  });

  it('ignores other keys and keys with Ctrl, Alt or Meta', () => {
    expect(press('k')).toBeNull();
    expect(press('ArrowUp')).toBeNull();
    expect(press('ArrowRight', { ctrlKey: true })).toBeNull();
    expect(press(' ', { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
  });

  it('leaves text fields alone', () => {
    for (const target of [
      { tagName: 'INPUT', role: null, isContentEditable: false },
      { tagName: 'TEXTAREA', role: null, isContentEditable: false },
      { tagName: 'DIV', role: null, isContentEditable: true },
      { tagName: 'DIV', role: 'textbox', isContentEditable: false },
    ]) {
      expect(press(' ', { target })).toBeNull();
      expect(press('ArrowLeft', { target })).toBeNull();
    }
  });

  it('leaves sliders their own arrow keys', () => {
    const thumb = { tagName: 'SPAN', role: 'slider', isContentEditable: false };
    expect(press('ArrowRight', { target: thumb })).toBeNull();
    expect(press(' ', { target: thumb })).toBeNull();
  });

  it('lets a focused button handle Space itself but still seeks with the arrows', () => {
    const button = { tagName: 'BUTTON', role: null, isContentEditable: false };
    expect(press(' ', { target: button })).toBeNull();
    expect(press('ArrowRight', { target: button })).toEqual({ type: 'seek-by', seconds: 5 });
  });

  it('leaves menus and tabs their arrow keys', () => {
    expect(press('ArrowRight', { target: { tagName: 'DIV', role: 'menuitem', isContentEditable: false } })).toBeNull();
    expect(press('ArrowLeft', { target: { tagName: 'BUTTON', role: 'tab', isContentEditable: false } })).toBeNull();
  });

  it('does not repeat play/pause or song changes while a key is held', () => {
    expect(press(' ', { repeat: true })).toBeNull();
    expect(press('ArrowRight', { shiftKey: true, repeat: true })).toBeNull();
    expect(press('ArrowRight', { repeat: true })).toEqual({ type: 'seek-by', seconds: 5 });
  });
});
