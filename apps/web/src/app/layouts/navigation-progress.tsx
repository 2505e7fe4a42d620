// A thin bar at the top of the page while the router loads the next screen's code.
import { useNavigation } from 'react-router';
import classes from './layouts.module.css';

export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.progress} role="progressbar" aria-label="Cargando la página" />;
}
