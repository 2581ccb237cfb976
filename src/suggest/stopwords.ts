/**
 * The Snowball English stop list (snowball.tartarus.org, english/stop.txt, BSD licence), the
 * standard list of function words for English retrieval, unchanged but for one addition: the
 * fragments that the tokenizer (analyze.ts) leaves of its contractions (`don't` → `don` + `t`;
 * single letters are dropped anyway). `when` and `how` are on it, which suits an index whose every
 * entry starts with one of them.
 */
const SNOWBALL_ENGLISH = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these
those am is are was were be been being have has had having do does did doing would should could
ought a an the and but if or because as until while of at by for with about against between into
through during before after above below to from up down in out on off over under again further then
once here there when where why how all any both each few more most other some such no nor not only
own same so than too very`;

const CONTRACTION_FRAGMENTS = 'isn aren wasn weren hasn haven hadn doesn don didn won wouldn shan shouldn can couldn mustn let ll ve re';

export const STOPWORDS: ReadonlySet<string> = new Set(`${SNOWBALL_ENGLISH} ${CONTRACTION_FRAGMENTS}`.split(/\s+/).filter(Boolean));
