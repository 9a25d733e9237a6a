"""What a build reads: the knowledge base found and loaded (``store``), ruled once per build
(``rulings``), the digest of everything a build reads (``uptodate``), and the data written
beside the site as floorbook.json (``export``).  The lowest of the handbook's rooms: it
imports no other room of the handbook."""
