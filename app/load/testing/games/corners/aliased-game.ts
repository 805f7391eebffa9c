// A game of a create-react-app project that imports its own folders through `baseUrl: "src"`
// (`import { rules } from 'components/rules'`), as real ones do.
// @ts-expect-error resolved through the project's baseUrl, which the test sets (or not)
import { rules } from 'components/rules';

export const Aliased = { name: 'aliased', setup: () => ({ n: rules.start }), moves: { up: ({ G }: any) => void (G.n += 1) } };
