export * from 'react-router-dom';
