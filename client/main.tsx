import { AppRouter } from './app/router';
import { mount } from './app/hydration';
import './app/global.css';
import './app/focus.css';

const root = document.getElementById('root');
if (root) mount(root, <AppRouter />);
