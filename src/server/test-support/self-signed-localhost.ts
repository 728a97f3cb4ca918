/**
 * A self-signed certificate for localhost, 127.0.0.1 and ::1, and its key, made for the tests with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=localhost
 * -addext subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1`. Trusted by nothing: a receiver that presents it is
 * refused at the TLS handshake, as one on a private host without a real certificate would be.
 */
export const SELF_SIGNED_LOCALHOST = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg+7u0+55mSScRgCbs
gmBznO7rC8s+k4UeMDtdGTe26+2hRANCAAR7EkqE40MB8k3heZlUxe/viyZ4PxL9
9KC8xImGe+o/KgbLY41YfxI1SBfnqIjXaJxd7d70cdztrFOl/34rwJCj
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBrzCCAVSgAwIBAgIUIV4p996cUpdDEZEq8mqst/H9QZgwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyODIxMTkxM1oYDzIxMjYxMTA0
MjExOTEzWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAR7EkqE40MB8k3heZlUxe/viyZ4PxL99KC8xImGe+o/KgbLY41YfxI1
SBfnqIjXaJxd7d70cdztrFOl/34rwJCjo4GBMH8wHQYDVR0OBBYEFKOwhzfj29XH
T1Pe/tCxOBzas5wVMB8GA1UdIwQYMBaAFKOwhzfj29XHT1Pe/tCxOBzas5wVMA8G
A1UdEwEB/wQFMAMBAf8wLAYDVR0RBCUwI4IJbG9jYWxob3N0hwR/AAABhxAAAAAA
AAAAAAAAAAAAAAABMAoGCCqGSM49BAMCA0kAMEYCIQCg/PhFxCvHsiPwrsjMkiTG
yNfzUlQe0YOc6eJihps6dwIhAIUP1hgTuXGL7n7JoyoBCKOLuv9au3v+bZaO1yeq
ATdc
-----END CERTIFICATE-----
`,
} as const;
