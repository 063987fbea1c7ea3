import { AppRouter } from './app/router';
import { mount } from './hydration';
import './app/global.css';
import './app/focus.css';

const root = document.getElementById('root');
if (root) mount(root, <AppRouter />);
