#include "transport/tls.h"

#include <openssl/bio.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "base/crypto.h"
#include "base/log.h"
#include "storage/private_files.h"

namespace naumachia::server {

namespace {

template <class T, void (*F)(T*)>
struct Deleter {
  void operator()(T* p) const { F(p); }
};
using PKey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using Cert = std::unique_ptr<X509, Deleter<X509, X509_free>>;

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("making the TLS certificate failed at ") + what);
}

void add_extension(X509* cert, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  check(ext != nullptr, "extension");
  X509_add_ext(cert, ext, -1);
  X509_EXTENSION_free(ext);
}

// The PEM text of `key` when given, else of `cert`, in memory: write_file
// then sets the file's mode before any byte of it lands on disk.
std::string pem(EVP_PKEY* key, X509* cert) {
  std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>> bio(BIO_new(BIO_s_mem()));
  check(bio != nullptr, "PEM buffer");
  const int ok =
      key ? PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr)
          : PEM_write_bio_X509(bio.get(), cert);
  check(ok == 1, "writing PEM");
  char* data = nullptr;
  const long n = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(n));
}

void create_identity(const std::string& cert_path, const std::string& key_path) {
  PKey key(EVP_EC_gen("P-256"));
  check(key != nullptr, "key generation");
  Cert cert(X509_new());
  X509_set_version(cert.get(), 2);
  const Bytes serial = random_bytes(8);
  BIGNUM* bn = BN_bin2bn(serial.data(), static_cast<int>(serial.size()), nullptr);
  BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
  BN_free(bn);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 10L * 365 * 24 * 3600);
  X509_set_pubkey(cert.get(), key.get());
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("naumachia"), -1, -1, 0);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1");
  add_extension(cert.get(), NID_basic_constraints, "critical,CA:FALSE");
  check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "signing");
  // The key first: a certificate is never there without its key.
  write_file(key_path, pem(key.get(), nullptr), kPrivateFile);
  write_file(cert_path, pem(nullptr, cert.get()), kPublicFile);
}

std::string fingerprint(const std::string& cert_path) {
  FILE* f = std::fopen(cert_path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot read '" + cert_path + "'");
  Cert cert(PEM_read_X509(f, nullptr, nullptr, nullptr));
  std::fclose(f);
  if (!cert) throw std::runtime_error("'" + cert_path + "' holds no PEM certificate");
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  X509_digest(cert.get(), EVP_sha256(), md, &n);
  return hex(Bytes(md, md + n));
}

// A key the server's user owns is made private to it. A key another user owns
// (root, sharing it with the server's group, 0640) is the operator's to set:
// only others' access is reported.
void guard_key(const std::string& key_path) {
  struct stat st {};
  if (::stat(key_path.c_str(), &st) != 0) return;  // the load below says why
  if (st.st_uid == ::geteuid()) {
    narrow_to_owner(key_path);
  } else if (st.st_mode & S_IRWXO) {
    log_line("warning: every user may read the TLS key " + key_path +
             "; only its owner and the server's group should");
  }
}

}  // namespace

std::string load_or_create_identity(boost::asio::ssl::context& ctx, const std::string& cert_path,
                                    const std::string& key_path) {
  namespace fs = std::filesystem;
  const bool have_cert = fs::exists(cert_path);
  const bool have_key = fs::exists(key_path);
  if (have_cert != have_key) {
    // Making a new pair would overwrite the one file there, which may be an
    // operator's key or certificate from a CA.
    throw std::runtime_error(
        have_cert ? "the TLS certificate '" + cert_path + "' is there but its key '" + key_path +
                        "' is missing; provide the key, or remove both to have a self-signed"
                        " pair made"
                  : "the TLS key '" + key_path + "' is there but its certificate '" + cert_path +
                        "' is missing; provide the certificate, or remove both to have a"
                        " self-signed pair made");
  }
  if (!have_cert) {
    create_identity(cert_path, key_path);
    log_line("made a self-signed TLS certificate: " + cert_path + " (key " + key_path + ", 0600)");
  } else {
    guard_key(key_path);
  }
  ctx.set_options(boost::asio::ssl::context::default_workarounds |
                  boost::asio::ssl::context::no_sslv2 | boost::asio::ssl::context::no_sslv3 |
                  boost::asio::ssl::context::no_tlsv1 | boost::asio::ssl::context::no_tlsv1_1);
  ctx.use_certificate_chain_file(cert_path);
  ctx.use_private_key_file(key_path, boost::asio::ssl::context::pem);
  return fingerprint(cert_path);
}

}  // namespace naumachia::server
