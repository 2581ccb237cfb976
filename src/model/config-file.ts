/** The config's file name, alone: the prompt hook's fast path looks for it without loading the schema. */
export const CONFIG_FILE = 'memdex.config.json';
