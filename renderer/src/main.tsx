import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installBridge } from './desktop/bridge';
import { connectHost } from './host/host-client';
import { Controller } from './state/controller';
import { ControllerContext } from './state/context';
import { StoreContext } from './state/store';
import './styles.css';

const controller = new Controller(connectHost());
// The page's automation handle (browser tests and benchmarks drive the UI through it).
(globalThis as { flowscope?: Controller }).flowscope = controller;
createRoot(document.getElementById('root')!).render(
  <StoreContext.Provider value={controller.store}>
    <ControllerContext.Provider value={controller}>
      <App />
    </ControllerContext.Provider>
  </StoreContext.Provider>,
);
installBridge(controller);
void controller.boot();
