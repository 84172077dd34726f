// @ts-check
// Scrollhammer Rules: the page scripts' one entry point (added to every page by the
// build's MkDocs plugin as a module script).
import { start as startAsOf } from "./as-of/index.mjs";
import { start as startBackToTop } from "./back-to-top.mjs";
import { start as startCalculators } from "./calculators/forms.mjs";
import { start as startInView } from "./calculators/in-view.mjs";
import { start as startCards } from "./cards.mjs";
import { start as startClosedSearch } from "./closed-search.mjs";
import { start as startDrawer } from "./drawer.mjs";
import { start as startOffline } from "./offline.mjs";
import { start as startOpenSearch } from "./open-search.mjs";
import { start as startPrintFoot } from "./print/foot.mjs";
import { start as startRuleLinks } from "./rule-links.mjs";
import { start as startSearchTypos } from "./search-typos.mjs";
import { start as startSkipLink } from "./skip-link.mjs";
import { start as startTable } from "./table/start.mjs";
import { start as startTerms } from "./terms.mjs";

startAsOf();
startSkipLink();
startDrawer();
startClosedSearch();
startBackToTop();
startRuleLinks();
startCards();
startSearchTypos();
startOpenSearch();
startTerms();
startCalculators();
startInView();
startOffline();
startTable();
startPrintFoot();
