/** Where each rule's page (docs/rules/<id>.md) is read: beside the sources on the repository (package.json homepage). */
import packageJson from '../../package.json' with { type: 'json' };

export const ruleHelpUri = (id: string): string => `${packageJson.homepage.replace(/#.*$/, '')}/blob/main/docs/rules/${id}.md`;
