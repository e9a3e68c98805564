import { describe, expect, it } from 'vitest';
import { cgiEnv, splitCgiHeaders } from '../../../prove/k8s/git-server';

describe('git-http-backend as CGI', () => {
  it('passes the request as the CGI variables git-http-backend reads', () => {
    const env = cgiEnv('/git', { method: 'POST', url: '/fleet.git/git-upload-pack', headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip', 'git-protocol': 'version=2' } });
    expect(env).toMatchObject({
      GIT_PROJECT_ROOT: '/git', GIT_HTTP_EXPORT_ALL: '1', REQUEST_METHOD: 'POST', PATH_INFO: '/fleet.git/git-upload-pack', QUERY_STRING: '',
      CONTENT_TYPE: 'application/x-git-upload-pack-request', HTTP_CONTENT_ENCODING: 'gzip', HTTP_GIT_PROTOCOL: 'version=2',
    });
    expect(env.CONTENT_LENGTH).toBeUndefined();
  });

  it('splits the query string from the path', () => {
    expect(cgiEnv('/git', { method: 'GET', url: '/fleet.git/info/refs?service=git-upload-pack', headers: {} })).toMatchObject({ PATH_INFO: '/fleet.git/info/refs', QUERY_STRING: 'service=git-upload-pack' });
  });

  it('reads the Status header and keeps the body bytes after the blank line', () => {
    const split = splitCgiHeaders(Buffer.from('Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno\r\n\r\nrepo'));
    expect(split).toEqual({ status: 404, headers: [['Content-Type', 'text/plain']], body: Buffer.from('no\r\n\r\nrepo') });
    expect(splitCgiHeaders(Buffer.from('Content-Type: text/plain\n\n'))?.status).toBe(200);
  });

  it('waits for the end of the headers', () => {
    expect(splitCgiHeaders(Buffer.from('Content-Type: text/plain\r\n'))).toBeUndefined();
  });
});
