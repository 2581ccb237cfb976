/**
 * Which records of a transcript make up the conversation, and in what order.
 *
 * A transcript file is an append log, not the conversation. Records of type
 * `user`, `assistant`, `system`, `attachment` and `progress` are nodes of a tree
 * linked by `parentUuid`; file order is only the order the client happened to
 * write them in. It differs from conversation order in measured files: the
 * `/compact` command record is written after the compaction it started (its
 * timestamp is earlier, its place in the chain later), records may be appended
 * out of order, a resumed session (`--resume`) appends to the same file and
 * continues the chain from the old leaf, and a retry, a rewind or an edited prompt
 * leaves an abandoned branch behind. So the reader follows the chain, as the
 * client's own SDK reader does (`getSessionMessages`, @anthropic-ai/claude-agent-sdk):
 *
 * 1. The leaf. Candidates are the nodes that are not the parent of any eligible
 *    node (eligible: not `progress`, not a sidechain record unless reading a
 *    subagent file, not a `fork_briefing`), newest in the file first. From each,
 *    walk up to the nearest `user`/`assistant` record; the first candidate that
 *    reaches one wins. Retries and rewinds write the branch the user kept last, so
 *    the newest leaf is the live branch; the abandoned ones are dropped (as the
 *    client drops them on `--resume`) and counted as `offChain`, because what they
 *    held was withdrawn from the conversation.
 * 2. The chain: from that leaf up to the root through `parentUuid`. Unlike the
 *    SDK, the walk starts at the terminal record itself, not at the message above
 *    it, so context attached after the last message (a hook's context on a resume
 *    that ended there) is kept; and it crosses compaction: a `compact_boundary` has
 *    `parentUuid: null` and the pre-compact leaf as `logicalParentUuid`, and the
 *    walk goes on there. The SDK stops at the boundary because it rebuilds what
 *    the model holds now; memdex wants what happened in the session. For the same
 *    reason the boundary's `preservedSegment`/`preservedMessages` relinking is not
 *    applied: the kept messages already stand in their place before the boundary,
 *    and relinking would show them twice.
 * 3. Split responses. One model response with parallel tool calls is written as
 *    several assistant records sharing `message.id`, and they may be siblings
 *    rather than a chain; each call's `tool_result` hangs off its own record. As
 *    in the SDK, for every `message.id` on the chain, its records off the chain and
 *    their children (by `parentUuid`, or by a `tool_result` answering one of the
 *    group's calls that nothing on the chain answered) are put right after the
 *    group's last record on the chain, ordered by timestamp (then file order).
 *    One level only, as in the SDK.
 *
 * Records written without a `uuid` (hand-made excerpts, some test data) cannot be
 * placed by links: each is taken to follow the record before it in the file.
 *
 * Memory. Choosing the leaf needs the last line of the file, so the conversation
 * is known only after a first pass; a second pass then reads the records it
 * names, one at a time, by byte range. The first pass keeps no record, only its
 * skeleton: the uuid (interned once in a Map; parents are stored as its integer
 * index), parent, file sequence, byte range, line, timestamp, message-id index
 * and a few flags in typed-array columns (≈ 40 bytes of columns plus ≈ 100 bytes
 * of Map entry and uuid string per record), the tool_use ids of assistant records
 * and the tool_result ids of user records (one short string per tool call), and
 * the logical parent of each compact boundary: about 200 bytes a record, measured.
 * Texts, inputs and outputs are never held. Once the order is known the skeleton
 * is dropped and only the byte ranges of the records to read are kept (20 bytes
 * each), so the second pass runs beside almost nothing: a garbage-collected heap
 * lets its old generation grow to a multiple of what is live, and what is live is
 * then small. A 200 MB transcript of ≈ 70,000 records thus needs ≈ 15 MB of
 * skeleton during the first pass, plus the longest single line;
 * bench/transcript-memory.mjs measures it.
 */
import { byteColumn, float64Column, int32Column } from './columns.js';
import { asObject, asString, blockIds, type JsonObject } from './json-fields.js';

const NONE = -1;

// Flag bits of a node.
const PRESENT = 1; // a record was read for this uuid (not only named as a parent)
const MESSAGE = 2; // user or assistant
const PROGRESS = 4;
const SIDECHAIN = 8;
const NEVER_LEAF = 16; // fork_briefing attachments
const DECODE = 32; // the record can yield events (second pass reads it)

/** Record types that form the conversation tree. */
const NODE_TYPES = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);

export interface ConversationPlan {
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  readonly lines: Int32Array;
  readonly offChain: number;
}

export interface ConversationOptions {
  /** Reading a subagent file: its records are all sidechain records, and eligible as leaves. */
  readonly sidechain?: boolean;
}

export class ConversationIndex {
  private readonly ids = new Map<string, number>();
  private readonly messageIds = new Map<string, number>();
  private nodes = 0;
  private seqCounter = 0;
  private lastNode = NONE;
  private readonly flags = byteColumn();
  private readonly parent = int32Column();
  private readonly seq = int32Column();
  private readonly start = float64Column();
  private readonly end = float64Column();
  private readonly line = int32Column();
  private readonly time = float64Column();
  private readonly message = int32Column();
  private readonly logicalParent = new Map<number, number>();
  private readonly toolUses = new Map<number, readonly string[]>();
  private readonly toolResults = new Map<number, readonly string[]>();

  constructor(private readonly options: ConversationOptions = {}) {}

  /** Whether a record of this type is a node of the conversation tree. */
  static isNodeType(type: string): boolean {
    return NODE_TYPES.has(type);
  }

  /** Adds the skeleton of one record of a node type. */
  add(record: JsonObject, type: string, decode: boolean, start: number, end: number, line: number): void {
    const uuid = asString(record.uuid);
    const node = uuid !== undefined ? this.intern(uuid) : this.nodes++;
    const parentUuid = asString(record.parentUuid);
    const parent = uuid === undefined ? this.lastNode : parentUuid !== undefined ? this.intern(parentUuid) : NONE;
    this.parent.set(node, parent === node ? NONE : parent);
    const logical = asString(record.logicalParentUuid);
    if (logical !== undefined) this.logicalParent.set(node, this.intern(logical));
    let flags = PRESENT;
    if (type === 'user' || type === 'assistant') flags |= MESSAGE;
    if (type === 'progress') flags |= PROGRESS;
    if (record.isSidechain === true) flags |= SIDECHAIN;
    if (type === 'attachment' && asObject(record.attachment)?.type === 'fork_briefing') flags |= NEVER_LEAF;
    if (decode) flags |= DECODE;
    this.flags.set(node, flags);
    this.seq.set(node, this.seqCounter++);
    this.start.set(node, start);
    this.end.set(node, end);
    this.line.set(node, line);
    const timestamp = asString(record.timestamp);
    this.time.set(node, timestamp !== undefined ? Date.parse(timestamp) : Number.NaN);
    const messageId = type === 'assistant' ? asString(asObject(record.message)?.id) : undefined;
    this.message.set(node, messageId !== undefined ? this.internMessage(messageId) : NONE);
    const uses = type === 'assistant' ? blockIds(record, 'tool_use', 'id') : [];
    if (uses.length > 0) this.toolUses.set(node, uses);
    else this.toolUses.delete(node);
    const results = type === 'user' ? blockIds(record, 'tool_result', 'tool_use_id') : [];
    if (results.length > 0) this.toolResults.set(node, results);
    else this.toolResults.delete(node);
    this.lastNode = node;
  }

  /**
   * The byte ranges and line numbers of the conversation's records that can
   * yield events, in conversation order, and how many message records were left
   * out (abandoned branches). Plain typed arrays: the caller can drop the index
   * and keep only these while it reads the records.
   */
  plan(): ConversationPlan {
    const order = this.order();
    const taken = new Uint8Array(this.nodes);
    let decodable = 0;
    for (const node of order) {
      taken[node] = 1;
      if (this.has(node, DECODE)) decodable++;
    }
    const plan = { starts: new Float64Array(decodable), ends: new Float64Array(decodable), lines: new Int32Array(decodable), offChain: 0 };
    let at = 0;
    for (const node of order) {
      if (!this.has(node, DECODE)) continue;
      plan.starts[at] = this.start.get(node);
      plan.ends[at] = this.end.get(node);
      plan.lines[at++] = this.line.get(node);
    }
    for (let node = 0; node < this.nodes; node++) {
      if (taken[node] === 0 && this.has(node, PRESENT) && this.has(node, MESSAGE) && this.sameSide(node)) plan.offChain++;
    }
    return plan;
  }

  private intern(uuid: string): number {
    let node = this.ids.get(uuid);
    if (node === undefined) {
      node = this.nodes++;
      this.ids.set(uuid, node);
    }
    return node;
  }

  private internMessage(id: string): number {
    let index = this.messageIds.get(id);
    if (index === undefined) {
      index = this.messageIds.size;
      this.messageIds.set(id, index);
    }
    return index;
  }

  private has(node: number, flag: number): boolean {
    return (this.flags.get(node) & flag) !== 0;
  }

  /** Main-file readers skip sidechain records; subagent-file readers take them. */
  private sameSide(node: number): boolean {
    return this.options.sidechain === true || !this.has(node, SIDECHAIN);
  }

  private eligible(node: number): boolean {
    return this.has(node, PRESENT) && !this.has(node, PROGRESS) && !this.has(node, NEVER_LEAF) && this.sameSide(node);
  }

  /** Conversation order: the chain from the chosen leaf, with split responses spliced in. */
  private order(): number[] {
    const terminal = this.terminal();
    if (terminal === NONE) return [];
    const chain: number[] = [];
    const onChain = new Uint8Array(this.nodes);
    for (let node = terminal; node !== NONE && this.has(node, PRESENT) && onChain[node] === 0; ) {
      onChain[node] = 1;
      chain.push(node);
      const parent = this.parent.get(node);
      node = parent !== NONE ? parent : (this.logicalParent.get(node) ?? NONE);
    }
    chain.reverse();
    return this.spliceSplitResponses(chain, onChain);
  }

  /** Step 1 of the essay: the terminal record of the live branch, or NONE for an empty transcript. */
  private terminal(): number {
    const hasEligibleChild = new Uint8Array(this.nodes);
    for (let node = 0; node < this.nodes; node++) {
      const parent = this.parent.get(node);
      if (parent !== NONE && this.eligible(node)) hasEligibleChild[parent] = 1;
    }
    const candidates: number[] = [];
    for (let node = 0; node < this.nodes; node++) if (this.eligible(node) && hasEligibleChild[node] === 0) candidates.push(node);
    candidates.sort((a, b) => this.seq.get(b) - this.seq.get(a));
    const walked = new Uint8Array(this.nodes);
    for (const candidate of candidates) {
      for (let node = candidate; node !== NONE && this.has(node, PRESENT) && walked[node] === 0; node = this.parent.get(node)) {
        if (this.has(node, MESSAGE)) return candidate;
        walked[node] = 1; // a dead end: later candidates that join it stop here
      }
    }
    // No leaf reaches a message (links broken everywhere): the newest message record.
    let newest = NONE;
    for (let node = 0; node < this.nodes; node++) {
      if (this.eligible(node) && this.has(node, MESSAGE) && (newest === NONE || this.seq.get(node) > this.seq.get(newest))) newest = node;
    }
    return newest;
  }

  /** Step 3 of the essay. */
  private spliceSplitResponses(chain: readonly number[], onChain: Uint8Array): number[] {
    const groupLast = new Map<number, number>(); // message index → its last record on the chain
    for (const node of chain) {
      const message = this.message.get(node);
      if (message !== NONE) groupLast.set(message, node);
    }
    if (groupLast.size === 0) return [...chain];
    // Linked lists in Int32Arrays (no object per record): the records of each
    // message id, and the children of each node, both in file order of discovery.
    const groupHead = new Int32Array(this.messageIds.size).fill(NONE);
    const groupNext = new Int32Array(this.nodes).fill(NONE);
    const firstChild = new Int32Array(this.nodes).fill(NONE);
    const nextSibling = new Int32Array(this.nodes).fill(NONE);
    const issuer = new Map<string, number>(); // tool_use id → the record that made the call
    const answerer = new Map<string, number>(); // tool_use id → the first record answering it
    for (let node = this.nodes - 1; node >= 0; node--) {
      if (!this.has(node, PRESENT) || !this.sameSide(node)) continue;
      const message = this.message.get(node);
      if (message !== NONE && groupLast.has(message)) [groupNext[node], groupHead[message]] = [groupHead[message]!, node];
      const parent = this.parent.get(node);
      if (parent !== NONE) [nextSibling[node], firstChild[parent]] = [firstChild[parent]!, node];
      for (const id of this.toolUses.get(node) ?? []) issuer.set(id, node);
      for (const id of this.toolResults.get(node) ?? []) answerer.set(id, node);
    }
    const answeredOnChain = new Set<string>();
    for (const node of chain) for (const id of this.toolResults.get(node) ?? []) answeredOnChain.add(id);
    const taken = Uint8Array.from(onChain);
    const after = new Map<number, number[]>();
    for (const [message, last] of groupLast) {
      const group: number[] = [];
      for (let node = groupHead[message]!; node !== NONE; node = groupNext[node]!) group.push(node);
      const inGroup = new Set(group);
      const offGroup = group.filter((node) => taken[node] === 0);
      const linked: number[] = [];
      const byResult: number[] = [];
      const seen = new Set<number>();
      const consider = (child: number | undefined): void => {
        if (child === undefined || taken[child] === 1 || seen.has(child)) return;
        seen.add(child);
        (inGroup.has(this.parent.get(child)) ? linked : byResult).push(child);
      };
      for (const member of group) {
        for (let child = firstChild[member]!; child !== NONE; child = nextSibling[child]!) consider(child);
        for (const id of this.toolUses.get(member) ?? []) consider(answerer.get(id));
      }
      const answered = new Set<string>(); // besides answeredOnChain, which is not copied: that would be quadratic
      for (const node of linked) for (const id of this.toolResults.get(node) ?? []) answered.add(id);
      for (const node of byResult.sort((a, b) => this.seq.get(a) - this.seq.get(b))) {
        const ids = this.toolResults.get(node) ?? [];
        if (!ids.some((id) => !answered.has(id) && !answeredOnChain.has(id) && inGroup.has(issuer.get(id) ?? NONE))) continue;
        for (const id of ids) answered.add(id);
        linked.push(node);
      }
      const spliced = offGroup.sort(this.byTime).concat(linked.sort(this.byTime));
      for (const node of spliced) taken[node] = 1;
      if (spliced.length > 0) after.set(last, spliced);
    }
    const order: number[] = [];
    for (const node of chain) {
      order.push(node);
      const spliced = after.get(node);
      // One push per record: a spread of a group of 200,000 records overflows the call stack.
      if (spliced !== undefined) for (const node of spliced) order.push(node);
    }
    return order;
  }

  /** Timestamp order (records without one first, as the SDK sorts ""), then file order. */
  private readonly byTime = (a: number, b: number): number => {
    const ta = timeKey(this.time.get(a));
    const tb = timeKey(this.time.get(b));
    return ta !== tb ? ta - tb : this.seq.get(a) - this.seq.get(b);
  };
}

const timeKey = (t: number): number => (Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t);

