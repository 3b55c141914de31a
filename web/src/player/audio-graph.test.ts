import { describe, expect, it } from 'vitest';
import { createAudioGraph, equalPowerCurve, type GraphAudioContext } from './audio-graph';
import { EQUALIZER_BANDS, getPresetGains } from './equalizer-presets';

type FakeNode = {
  name: string;
  connections: FakeNode[];
  connect: (target: FakeNode) => FakeNode;
  type?: string;
  frequency: { value: number };
  Q: { value: number };
  gain: {
    value: number;
    setTargetAtTime: (value: number) => void;
    cancelScheduledValues: () => void;
    setValueAtTime: (value: number) => void;
    setValueCurveAtTime: (curve: Float32Array, start: number, seconds: number) => void;
    curve?: { values: number[]; seconds: number };
  };
};

function createFakeNode(name: string): FakeNode {
  const node: FakeNode = {
    name,
    connections: [],
    connect(target) {
      node.connections.push(target);
      return target;
    },
    frequency: { value: 0 },
    Q: { value: 0 },
    gain: {
      value: 1,
      setTargetAtTime(value) {
        node.gain.value = value;
      },
      cancelScheduledValues() {
        node.gain.curve = undefined;
      },
      setValueAtTime(value) {
        node.gain.value = value;
      },
      setValueCurveAtTime(curve, _start, seconds) {
        node.gain.curve = { values: [...curve], seconds };
        node.gain.value = curve[curve.length - 1]!;
      },
    },
  };
  return node;
}

function createFakeContext(state: AudioContextState = 'running') {
  const destination = createFakeNode('destination');
  const calls: string[] = [];
  let filterCount = 0;
  let gainCount = 0;
  const fake = {
    state,
    currentTime: 0,
    destination,
    sources: [] as FakeNode[],
    calls,
    createMediaElementSource: () => {
      const source = createFakeNode(`source-${fake.sources.length}`);
      fake.sources.push(source);
      return source;
    },
    // The shared headroom first, then each element's track gain and fade gain.
    createGain: () => createFakeNode(gainCount++ === 0 ? 'headroom' : gainCount % 2 === 0 ? 'track' : 'fade'),
    createBiquadFilter: () => createFakeNode(`filter-${filterCount++}`),
    resume: async () => void calls.push('resume'),
    suspend: async () => void calls.push('suspend'),
  };
  return fake;
}

/** The chain from the source to the destination, by node name. */
function walk(start: FakeNode): FakeNode[] {
  const chain = [start];
  let node = start;
  while (node.connections.length > 0) {
    expect(node.connections).toHaveLength(1);
    node = node.connections[0]!;
    chain.push(node);
  }
  return chain;
}

const element = {} as HTMLMediaElement;
const other = {} as HTMLMediaElement;

describe('createAudioGraph', () => {
  it("routes each element through its track and fade gains, then the shared headroom and one filter per band, to the speakers", () => {
    const context = createFakeContext();
    createAudioGraph([element, other], context as unknown as GraphAudioContext);
    expect(context.sources).toHaveLength(2);
    const chains = context.sources.map(walk);
    for (const [index, chain] of chains.entries()) {
      expect(chain.map((node) => node.name)).toEqual([
        `source-${index}`,
        'track',
        'fade',
        'headroom',
        ...EQUALIZER_BANDS.map((_, band) => `filter-${band}`),
        'destination',
      ]);
    }
    // One equalizer for both.
    expect(chains[0]![3]).toBe(chains[1]![3]);
    const filters = chains[0]!.slice(4, -1);
    expect(filters.map((filter) => [filter.type, filter.frequency.value])).toEqual(
      EQUALIZER_BANDS.map((band) => [band.type, band.frequency]),
    );
    expect(filters.every((filter) => filter.gain.value === 0)).toBe(true);
  });

  it("sets each band's gain and the headroom from the preset", () => {
    const context = createFakeContext();
    const graph = createAudioGraph([element], context as unknown as GraphAudioContext);
    const gains = getPresetGains('hip-hop', []);
    graph.setGains(gains);
    const chain = walk(context.sources[0]!);
    expect(chain.slice(4, -1).map((filter) => filter.gain.value)).toEqual([...gains]);
    expect(chain[3]!.gain.value).toBeCloseTo(10 ** (-Math.max(...gains) / 20), 6);

    graph.setGains(getPresetGains('off', []));
    expect(chain.slice(4, -1).every((filter) => filter.gain.value === 0)).toBe(true);
    expect(chain[3]!.gain.value).toBe(1);
  });

  it("sets one element's track gain from decibels, leaving the other's", () => {
    const context = createFakeContext();
    const graph = createAudioGraph([element, other], context as unknown as GraphAudioContext);
    graph.setTrackGain(other, -6);
    const [first, second] = context.sources.map(walk);
    expect(first![1]!.gain.value).toBe(1);
    expect(second![1]!.gain.value).toBeCloseTo(0.501, 3);
  });

  it('fades an element along an equal-power curve over the given seconds, or at once for 0', () => {
    const context = createFakeContext();
    const graph = createAudioGraph([element, other], context as unknown as GraphAudioContext);
    const [first, second] = context.sources.map(walk);
    graph.fade(element, 1, 0, 2);
    graph.fade(other, 0, 1, 2);
    const out = first![2]!.gain.curve!;
    const into = second![2]!.gain.curve!;
    expect(out.seconds).toBe(2);
    expect(out.values[0]).toBe(1);
    expect(out.values.at(-1)).toBeCloseTo(0, 6);
    expect(into.values[0]).toBe(0);
    expect(into.values.at(-1)).toBeCloseTo(1, 6);
    // Equal power: the squares add up to one all along, so the sum of two songs keeps its loudness.
    out.values.forEach((level, index) => expect(level ** 2 + into.values[index]! ** 2).toBeCloseTo(1, 5));

    graph.fade(element, 0, 1, 0);
    expect(first![2]!.gain.value).toBe(1);
    expect(first![2]!.gain.curve).toBeUndefined();
  });

  it('makes curves between any two levels, rising and falling', () => {
    expect([...equalPowerCurve(0.5, 1)].every((level) => level >= 0.5 && level <= 1)).toBe(true);
    expect(equalPowerCurve(1, 0.25).at(-1)).toBeCloseTo(0.25, 6);
  });

  it('resumes a suspended context at once and on request, and suspends a running one', () => {
    const suspended = createFakeContext('suspended');
    const graph = createAudioGraph([element], suspended as unknown as GraphAudioContext);
    expect(suspended.calls).toEqual(['resume']);
    graph.suspend();
    expect(suspended.calls).toEqual(['resume']);

    const running = createFakeContext('running');
    const second = createAudioGraph([element], running as unknown as GraphAudioContext);
    second.resume();
    second.suspend();
    expect(running.calls).toEqual(['suspend']);
  });
});
