import { memoryStore } from '../../src/store/memory/store.js';
import { storeSuite } from './wallet.case.js';

storeSuite('memory', memoryStore);
