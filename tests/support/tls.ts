/**
 * A test certificate authority and a server certificate it signed for `cdn.tls.example` (EC
 * P-256, valid 2020–2120), so a test can run a real HTTPS server on loopback under a name and see
 * the client verify that name. Made once with openssl (`openssl ca -selfsign` for the CA, then
 * `openssl ca` for the server, both with `-startdate 20200101000000Z -enddate 21200101000000Z`;
 * the server's extensions: `subjectAltName = DNS:cdn.tls.example`, `extendedKeyUsage = serverAuth`).
 * The CA's key was thrown away.
 *
 * Not a secret: it is trusted only where a test passes `TEST_CA` explicitly.
 */
export const TLS_NAME = 'cdn.tls.example'

export const TEST_CA = `-----BEGIN CERTIFICATE-----
MIIBaDCCAQ6gAwIBAgICEAAwCgYIKoZIzj0EAwIwGjEYMBYGA1UEAwwPUmVlbGJv
eCB0ZXN0IENBMCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAxMDAwMDAwWjAaMRgw
FgYDVQQDDA9SZWVsYm94IHRlc3QgQ0EwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AASdgYDfbW/pQnJKUHTDV0kRwcm6H4keGB1T+QfqYzmDh1ilMen16PRqInpD3DEc
HoeW2FY98otlpGr1rdNrOwCSo0IwQDAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB
/wQEAwICBDAdBgNVHQ4EFgQUXTfjFIEN2vM3/mSpUlxGe9eEo4owCgYIKoZIzj0E
AwIDSAAwRQIhAJavNvbkdFs9ggRzeh2403muIjOvtUkNtxkDSPvrKWhPAiAnQHhs
anOnffbt9xKi4pdf5LCzJ+bLLg6+KwKGOeX/sg==
-----END CERTIFICATE-----`

export const CDN_CERT = `-----BEGIN CERTIFICATE-----
MIIBpDCCAUqgAwIBAgICEAEwCgYIKoZIzj0EAwIwGjEYMBYGA1UEAwwPUmVlbGJv
eCB0ZXN0IENBMCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAxMDAwMDAwWjAaMRgw
FgYDVQQDDA9jZG4udGxzLmV4YW1wbGUwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AAQyl1H+R/21Z2n9pIhBldAeq5l1npCnXGxDBl8ZMeP0zsWzSMlcKm5mbmNsVMV+
nw2WKoY6oOa+Moz52I++7ozco34wfDAaBgNVHREEEzARgg9jZG4udGxzLmV4YW1w
bGUwCQYDVR0TBAIwADATBgNVHSUEDDAKBggrBgEFBQcDATAdBgNVHQ4EFgQUETbj
7QqD2pbuf36Sye/xFBSO9GgwHwYDVR0jBBgwFoAUXTfjFIEN2vM3/mSpUlxGe9eE
o4owCgYIKoZIzj0EAwIDSAAwRQIhAPZ/b775CveMO0Y1v+EVW758h6YDyNcXxpCr
LL7HtIPNAiAK+PoxEKNQ3m/F3PlgvUQJCqpA1fC5NRJH24VDKhZ0qQ==
-----END CERTIFICATE-----`

export const CDN_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg+rgbDLfJFqWNQ5v9
H/J6Mv2sIQWw5kMPnWgvKt8VwW6hRANCAAQyl1H+R/21Z2n9pIhBldAeq5l1npCn
XGxDBl8ZMeP0zsWzSMlcKm5mbmNsVMV+nw2WKoY6oOa+Moz52I++7ozc
-----END PRIVATE KEY-----`
