// testing-library's findBy/waitFor use the same patience as vi.waitFor (support/settle.ts).
import { configure } from '@testing-library/react';
import { settle } from './settle';

configure({ asyncUtilTimeout: settle.timeout });
