-- The one encrypted, content-addressed file store: KYC images, agent uploads, CSV exports.
-- The bytes live under DATA_DIR/files/ named by their CID; the decryption key stays on the
-- record that uses the file (e.g. idcardEncryptKey), never here.
CREATE TABLE "stored_files" (
  "cid" text PRIMARY KEY,
  "size" bigint NOT NULL,
  "content_type" text NOT NULL,
  "read_permission" text NOT NULL,
  "created_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
