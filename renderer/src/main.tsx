import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installBridge } from './desktop/bridge';
import { connectHost } from './host/host-client';
import { Controller } from './state/controller';
import { ControllerContext } from './state/context';
import './styles.css';

const controller = new Controller(connectHost());
(globalThis as { flowscope?: Controller }).flowscope = controller;
createRoot(document.getElementById('root')!).render(
  <ControllerContext.Provider value={controller}>
    <App />
  </ControllerContext.Provider>,
);
installBridge(controller);
void controller.boot();
