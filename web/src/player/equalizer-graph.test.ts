import { describe, expect, it } from 'vitest';
import { createEqualizerGraph, type EqualizerAudioContext } from './equalizer-graph';
import { EQUALIZER_BANDS, getPresetGains } from './equalizer-presets';

type FakeNode = {
  name: string;
  connections: FakeNode[];
  connect: (target: FakeNode) => FakeNode;
  type?: string;
  frequency: { value: number };
  Q: { value: number };
  gain: { value: number; setTargetAtTime: (value: number) => void };
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
    },
  };
  return node;
}

function createFakeContext(state: AudioContextState = 'running') {
  const destination = createFakeNode('destination');
  const calls: string[] = [];
  let filterCount = 0;
  const fake = {
    state,
    currentTime: 0,
    destination,
    source: createFakeNode('source'),
    calls,
    createMediaElementSource: () => fake.source,
    createGain: () => createFakeNode('headroom'),
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

describe('createEqualizerGraph', () => {
  it('routes the element through the headroom gain and one filter per band to the speakers', () => {
    const context = createFakeContext();
    createEqualizerGraph(element, context as unknown as EqualizerAudioContext);
    const chain = walk(context.source);
    expect(chain.map((node) => node.name)).toEqual([
      'source',
      'headroom',
      ...EQUALIZER_BANDS.map((_, index) => `filter-${index}`),
      'destination',
    ]);
    const filters = chain.slice(2, -1);
    expect(filters.map((filter) => [filter.type, filter.frequency.value])).toEqual(
      EQUALIZER_BANDS.map((band) => [band.type, band.frequency]),
    );
    expect(filters.every((filter) => filter.gain.value === 0)).toBe(true);
  });

  it("sets each band's gain and the headroom from the preset", () => {
    const context = createFakeContext();
    const graph = createEqualizerGraph(element, context as unknown as EqualizerAudioContext);
    const gains = getPresetGains('hip-hop', []);
    graph.setGains(gains);
    const chain = walk(context.source);
    expect(chain.slice(2, -1).map((filter) => filter.gain.value)).toEqual([...gains]);
    expect(chain[1]!.gain.value).toBeCloseTo(10 ** (-Math.max(...gains) / 20), 6);

    graph.setGains(getPresetGains('off', []));
    expect(chain.slice(2, -1).every((filter) => filter.gain.value === 0)).toBe(true);
    expect(chain[1]!.gain.value).toBe(1);
  });

  it('resumes a suspended context at once and on request, and suspends a running one', () => {
    const suspended = createFakeContext('suspended');
    const graph = createEqualizerGraph(element, suspended as unknown as EqualizerAudioContext);
    expect(suspended.calls).toEqual(['resume']);
    graph.suspend();
    expect(suspended.calls).toEqual(['resume']);

    const running = createFakeContext('running');
    const other = createEqualizerGraph(element, running as unknown as EqualizerAudioContext);
    other.resume();
    other.suspend();
    expect(running.calls).toEqual(['suspend']);
  });
});
