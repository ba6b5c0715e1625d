#!/usr/bin/env python
"""Build kb's one hundred and two held-out sets: fifty-one PDF and fifty-one HTML manuals, each held out for one round.

    .venv/bin/python bench/heldout.py                       # fetch + lay out every corpus, check all question sets
    .venv/bin/python bench/heldout.py --find "LTSP"         # where a phrase is (PDF pages, HTML files), in every corpus
    .venv/bin/python bench/heldout.py --corpus debian-harden  # only one corpus (repeatable)

Sources: one hundred and two packages from Debian 12 (bookworm) main, section doc, that no other kb benchmark uses,
fetched with `apt-get download PACKAGE=VERSION` into bench/.cache/heldout/<name>/ (sha256 pinned
below) and unpacked there with `dpkg -x`:

- debian-edu: debian-edu-doc-en 2.12.23~deb12u1
  (sha256 0a985aebd07dd69ea1d22c767c410fbca429e7c9fa378024bcaf4fedeb09506a), the Debian Edu /
  Skolelinux documentation. Kept: the PDF of the "Debian Edu / Skolelinux 12 Bookworm Manual",
  101 PDF pages (about 165,000 characters of text as pypdf extracts it; many pages are screenshots),
  one file. Left out: the same manual as HTML and EPUB (one format, so every passage is in the
  corpus once and gold_pages mean something), the older Bullseye manual (a near-copy of the same
  text: it would make every question ambiguous), the README files and the images.
- debian-reference: debian-reference-en 2.100
  (sha256 9f31d3a17df505de09689ca255512ea58c1fc47c59bb1b0c7bf1c23362e9743f), the Debian Reference
  by Osamu Aoki. Kept: its English HTML, one file per chapter: the preface (pr01), chapters 1-12
  and the appendix (apa), 14 files, about 533,000 characters of text once the tags are stripped.
  Left out: the table of contents (index.en.html), the PDF and .txt.gz copies of the same text, and
  the package's docs symlink and metadata.
- debian-harden: harden-doc 3.19+nmu1
  (sha256 77ffacb6f8af4afbdf39f3de6040a710ae6ffcc40e2fab5b5d312dfb11d28d94), the Securing Debian
  Manual by Javier Fernández-Sanguino Peña (much of it written for Debian 3.0-5.0, touched up since).
  The package has no PDF. Kept: its English HTML, one file per page as the package ships it (a chapter
  or a section of one): chapters 1-12 and appendix B, 87 files in the manual's order, about 455,000
  characters of text once the tags are stripped. Left out: the table of contents (index.html), appendix
  A (changelog_history.html, the document's own revision history), section 1.2 (shipped gzipped as
  changelog.html.gz, a few lines on where to get the manual), the seven translations, and the
  stylesheets, images and package metadata.
- debian-firehol: firehol-doc 3.1.7+ds-2.1
  (sha256 33a866c75f53eacf410edafcf32b9cf9311ddfbb60ead653495004be9f7b9037), the FireHOL Reference
  by Costa Tsaousis and Phil Whineray (FireHOL 3.1.7, built 15 Oct 2022): the firehol(1) program, its
  configuration language, helpers, rule parameters, control variables and its list of services with
  their ports. Kept: the PDF of the manual, 174 PDF pages (about 201,000 characters of text as pypdf
  extracts it), one file. Left out: the section 5 manpages (firehol-*.5.gz, the same text as the
  manual's chapters), the example configurations, the stylesheet and the changelogs, copyright and
  doc-base metadata.
- debian-krb5: krb5-doc 1.20.1-2+deb12u5
  (sha256 d3ca67a170929d0017a56bd1bae21500bbbca273ccf1b4a4986f4fa80913cf88), the MIT Kerberos
  documentation. Kept: the PDF of the "Kerberos Administration Guide" (release 1.20.1: installing KDCs,
  krb5.conf, kdc.conf and kadm5.acl, database administration and types, account lockout, LDAP back end,
  PKINIT, OTP and SPAKE preauthentication, encryption types, the administration programs' manpages,
  MIT defaults, troubleshooting, retiring DES), 177 PDF pages (about 348,000 characters of text as pypdf
  extracts it), one file; the package ships it gzipped (admin.pdf.gz) and it is laid out unpacked,
  with the package's mtime. Left out: the same guide as HTML (one format), the other five guides the
  package ships (user, basic concepts, build, application and plugin developer: other readers and
  topics, one manual per corpus) in both formats, the HTML indexes, and the README, NOTICE and
  package metadata.
- debian-knot: knot-doc 3.2.6-1
  (sha256 4b97fefbc2da5e0b94a4d37615250cd9b07ef539578d980d1bd023935c8b327d), the Knot DNS 3.2.6
  documentation (CZ.NIC's authoritative DNS server): introduction, requirements, installation,
  configuration, operation, troubleshooting, the configuration reference, the query modules, the
  manpages of the Utilities chapter (knotd, knotc, keymgr, kjournalprint, kcatalogprint, kzonecheck,
  kzonesign, kdig, khost, knsec3hash, knsupdate, kxdpgun), migration and the appendix. The package has
  no PDF. Kept: its HTML, one file per chapter and one per manpage as the package ships it, 22 files
  in the manual's order, about 255,000 characters of text once the tags are stripped. Left out: the
  table of contents (index.html), the Utilities chapter page (utilities.html: one sentence and the list
  of the manpages), the search page, the reStructuredText sources (_sources/, the same text), the Info
  manual (knot.info.gz, the same text again), the stylesheets and scripts, and the changelogs,
  copyright and doc-base metadata.
- debian-drbd: drbd-doc 8.4~20220106-1
  (sha256 9dfa401fc32f055bb655f40c5af30b09bcc5d1aaed9ab65b48a11aa32a312e17), LINBIT's "DRBD User's
  Guide" for DRBD 8.4 (the replicated block device: features, installing, drbd.conf, common administration,
  troubleshooting, Pacemaker, RHCS, LVM, GFS2, OCFS2 and Xen integration, throughput and latency tuning,
  the internals of meta data, the activity log and the quick-sync bitmap, and the changes from 8.3). Kept:
  the PDF of the guide, 148 PDF pages (about 257,000 characters of text as pypdf extracts it), one file;
  the package ships it gzipped (drbd-users-guide.pdf.gz) and it is laid out unpacked, with the package's
  mtime. Left out: the same guide as one HTML page (users-guide/drbd-users-guide.html and its index.html
  symlink: one format) with its stylesheet and images, and the changelog, copyright and doc-base metadata.
- debian-borg: borgbackup-doc 1.2.4-1
  (sha256 f7c621fde76d460f071e8c0803d62198101f1c86ef3430db158f2e789570dbda), the BorgBackup 1.2.4
  documentation (the deduplicating backup program): introduction, installation, quick start, the usage
  pages (general options, environment variables and return codes, then one page per command or group of
  commands, the pattern, placeholder and compression help, debugging and additional notes), deployment
  (central server, hosting repositories, automated local backups, disk images, pull mode), the FAQ,
  support and the internals (security, data structures and file formats, JSON for front ends). The
  package has no PDF. Kept: its HTML, one file per page as the package ships it, 38 files in the manual's
  order (index.html's), those in a subfolder laid out flat as <folder>-<page>.html (usage/create.html as
  usage-create.html), about 421,000 characters of text once the tags are stripped. Left out: the front
  page (index.html: the introduction's text again and the table of contents), the chapter pages that are
  only a list of their sections (usage.html, deployment.html), the change log (changes.html, release
  notes of every version: other versions' facts), the development and authors pages and book.html (for
  contributors, a list of names, a table of contents), man_intro.html (the borg(1) manpage's synopsis,
  the introduction and quick start again), usage/borgfs.html (the borgfs manpage, in no table of
  contents; borg mount's page covers it), paperkey.html (a JavaScript key-printing tool), the search page,
  the reStructuredText sources (_sources/, the same text), and the stylesheets, scripts and images.
- debian-nut: nut-doc 2.8.0-7
  (sha256 d9b7ad56a6635a973a3b92cdb979755d5595264bcd0f5399886351cc9b994542), the "Network UPS Tools User
  Manual" by Russell Kroll, Arnaud Quette and Arjen de Korte for NUT 2.8.0 (the UPS, PDU and power device
  monitoring suite: overview, features, download, installation, configuration of drivers, upsd and upsmon,
  automatic shutdowns, upssched, outlets and PDUs, daisychains, security and SSL, and the appendices:
  glossary, acknowledgements, the command and variable naming scheme, cables, configure options, upgrading
  notes, project history, build prerequisites and the CI farm). Kept: the PDF of the manual, 135 PDF pages
  (about 316,000 characters of text as pypdf extracts it), one file. Left out: the same manual as chunked
  HTML (one format), the other five documents the package ships (FAQ, cables, developer guide, packager
  guide, Solaris USB notes: other readers and topics, one manual per corpus) in both formats, and the
  AUTHORS, NEWS, README, TODO, changelogs and copyright.
- debian-frr: frr-doc 8.4.4-1.1~deb12u2
  (sha256 1966c6166776b5dcea1ac013a6b758e313859241c50038a64d00809350ce11f3), the FRRouting user guide
  (FRR 8.4, the IP routing suite: overview, installation, basic setup and commands, logging, vtysh, gRPC,
  filtering and route maps, IPv6, SNMP, scripting, then one page per daemon or protocol: zebra, BFD, BGP,
  Babel, OpenFabric, LDP, EIGRP, IS-IS, NHRP, OSPFv2, OSPFv3, PATH, PIM, PIMv6, PBR, RIP, RIPng, SHARP,
  STATIC, VNC, VRRP, BMP, watchfrr, and the appendix: reporting bugs, the packet dump format, the glossary
  and frr-reload.py). The package has no PDF. Kept: its HTML, one file per page as the package ships it,
  40 files in the manual's order (index.html's), about 743,000 characters of text once the tags are
  stripped. Left out: the front page (index.html: the table of contents), the general index and search
  pages, the reStructuredText sources (_sources/, the same text), the Info manual (frr.info.gz, the same
  text again) with its figures, the images and stylesheets, and the README, changelog, copyright,
  doc-base and lintian metadata.
- debian-openafs: openafs-doc 1.8.9-1+deb12u1
  (sha256 bf8fb5e79341b27af7d43f83c1fa26349a6725ce618fa8e89fed6afb50e7a092), the "OpenAFS Quick Start Guide
  for UNIX" (OpenAFS 1.8.9, copyright IBM and other contributors: installation overview and
  requirements, installing the first AFS machine (kernel modules, server partitions, PAM login, the BOS Server,
  the cell's keys, the database and file server processes, the client's cache and Cache Manager, the top-level
  volumes and their ACLs, cell security), additional server machines, database server machines, additional
  client machines, building from source, the legacy kaserver and pam_afs configuration, the Demand-Attach File
  Server, and the index). Kept: the PDF of the guide, 103 PDF pages (about 286,000 characters of text as pypdf
  extracts it), one file; the package ships it gzipped (auqbg000.pdf.gz) and it is laid out unpacked, with the
  package's mtime. Left out: the same guide as HTML (one format), the other two guides the package ships (the
  Administration Guide, 462 pages, and the User Guide: other readers and topics, one manual per corpus) in both
  formats, the HTML-only architecture and protocol specifications (arch-overview, bos-spec, fs-cm-spec,
  rx-spec, vldb-vol-spec), the text notes (dafs-overview, fssync, ka2heim), the examples, and the README.Debian,
  changelogs, copyright and doc-base metadata.
- debian-aptitude: aptitude-doc-en 0.8.13-5 (sha256
  ba4864ca26464bbe06acd94dc4a79402eea5d7b2d3da943d6ecce3c752bc9e84), the "aptitude user's manual" by Daniel
  Burrows and Manuel A. Fernandez Montecelo (aptitude 0.8.13, the Debian package manager: introduction and
  getting aptitude, getting started, the reference guide (the terminal interface, managing packages, package
  trust, automatically installed packages, dependency resolution and its costs and hints, search patterns,
  customizing the display, keybindings, colours and layout, the configuration file reference, themes,
  minesweeper), the FAQ, the credits, and the command-line reference: the aptitude(8),
  aptitude-create-state-bundle(1) and aptitude-run-state-bundle(1) manpages). The package has no PDF. Kept: its
  English HTML, one file per chapter or section as the package ships it, 54 files in the manual's order, about
  266,000 characters of text once the tags are stripped. Left out: the table of contents (index.html), the
  command-line reference's part page (rn01.html: only the list of its three manpages), the 33 long-description
  pages of the screenshots (ld-idm*.html: text renderings of screens the manual already describes), and the
  images, stylesheet, changelogs and copyright.
- debian-dibbler: dibbler-doc 1.0.1-1.1
  (sha256 3ff40a54de275a47c3dab2d5f0ba084f8e7c3d8f1aed237c694af7277664b622), "Dibbler - a portable DHCPv6: User's
  guide" by Tomek Mrugalski (Dibbler 1.0.1, dated 2015-08-09; the DHCPv6 server, client, relay and requestor:
  introduction and supported features, installation and basic usage, compilation and IPv6 support per system, the
  features howto (prefix delegation, relays, the address and prefix assignment policy, routing options, custom
  options, DNS Update with BIND and TSIG, client classification, the external script, reconfiguration, M and O bits,
  CONFIRM, leasequery, stateless and stateful modes, server caching, the XML files, authentication, per-client
  configuration, vendor-specific options, inactive and insist modes, DUID types, the debugging and experimental
  features), the server, client and relay configuration references with their examples, the requestor, the FAQ and
  the history, contact and thanks). The package has no HTML. Kept: the PDF of the guide, 113 PDF pages (about
  262,000 characters of text as pypdf extracts it; pdfTeX wrote the fi, ff, ffi and fl ligatures without a text
  mapping, so pypdf gives them as the single characters U+FB01, U+FB00, U+FB03 and U+FB02, about 1,500 in all:
  "configuration" comes out with U+FB01), one file; the package ships it gzipped (dibbler-user.pdf.gz) and it is
  laid out unpacked, with the package's mtime. Left out: the RELNOTES and TODO files and the changelogs and
  copyright.
- debian-varnish: varnish-doc 7.1.1-2+deb12u1
  (sha256 551cfc6619d98fbca88f97e2486ecdf6fc02366a1b401338f5ea268e641ca7b9), the Varnish Cache 7.1 documentation
  (the HTTP accelerator): the tutorial (what Varnish is, starting it, putting it on port 80, backend servers,
  peculiarities), the users guide (the big picture, security, command line arguments, the CLI, storage backends,
  parameters, sizing the cache, VCL: syntax, built-in subroutines and code, objects, actions, backends, directors
  and health checks, hashing, grace mode, separate files, inline C and examples; device detection, logging,
  statistics, achieving a high hit rate, purging and bans, compression, ESI and troubleshooting) and the reference
  (VCL, its variables, backend and probe declarations and states; the blob, cookie, directors, proxy, purge, std,
  unix and vtc VMODs; varnishadm, the CLI, the shared memory log and its queries, varnishlog, varnishncsa,
  varnishhist, varnishtop, the counters, varnishstat, varnishd and its parameters, VTC and varnishtest, shell
  tricks, writing VMODs and directors, the shared memory, the CLI protocol and the three-letter acronyms). The
  package has no PDF. Kept: its HTML, one file per page as the package ships it, 67 files in the manual's order
  (the index pages'), laid out flat as <folder>-<page>.html (users-guide/purging.html as users-guide-purging.html),
  about 563,000 characters of text once the tags are stripped. Left out: the front page and the tutorial's, users
  guide's and reference's index pages (tables of contents), the users guide's chapter pages that are only a list
  of their sections (running.html, report.html, performance.html, vcl-examples.html) and the tutorial's closing
  pointer to it (now_what.html), the installation section (installing per platform, getting help, reporting
  bugs), "What's new / Upgrading" (the changes and upgrade notes of Varnish 4.1 to 7.1: other versions' facts), the
  "Poul-Hennings random outbursts" essays, the developer guide, the VCL design patterns, the glossary, the general
  index and search pages, the reStructuredText sources (_sources/, the same text), the stylesheets, scripts and
  images, and the changelogs, copyright and doc-base metadata.
- debian-bird: bird2-doc 2.0.12-7
  (sha256 2e1c32359a225684f48e909d924d4a4ae9c11ce8de0fd2e3461ad89bd0d04203), the "BIRD 2.0 User's Guide" by Ondrej
  Filip, Martin Mares, Maria Matejka and Ondrej Zajicek (BIRD 2.0.12, the Internet routing daemon: introduction,
  installing, running and privileges; the architecture: routing tables, network types, protocols and channels,
  graceful restart; configuration: global, routing table, protocol and channel options; remote control with birdc;
  the filter language: data types, operators, control structures, route attributes; the protocols Babel, BFD, BGP,
  Device, Direct, Kernel, MRT, OSPF, Perf, Pipe, RAdv, RIP, RPKI and Static; and the conclusions). Kept: the PDF of
  the guide, 78 PDF pages (about 220,000 characters of text as pypdf extracts it; in the running text pypdf gives
  the underscores of identifiers as spaces, "rip_metric" comes out as "rip metric", while the examples keep them),
  one file; the package ships it gzipped (bird.pdf.gz) and it is laid out unpacked, with the package's mtime. Left
  out: the same guide as HTML (bird.html and bird-1.html to bird-7.html: one format), the programmer's
  documentation in both formats (prog.pdf.gz and prog*.html: BIRD's internals, for developers, another reader and
  topic), and the NEWS.Debian, changelogs and copyright.
- debian-supervisor: supervisor-doc 4.2.5-1
  (sha256 97d3405da42fab65ba717fc01d45f3aef8d2fa9c1b8b3d06cef0e98974755d9a), the Supervisor 4.2.5 documentation by
  Agendaless Consulting and contributors (the process control system: introduction, installing, running supervisord
  and supervisorctl with their options, actions and signals, the configuration file with every section's settings
  and defaults, subprocesses: nondaemonizing, pidproxy, environment and process states, logging and capture mode,
  events: listeners, the notification protocol and the event types, extending the XML-RPC API, the FAQ, the
  glossary, the XML-RPC API reference and the third-party applications and libraries). The package has no PDF.
  Kept: its HTML, one file per page as the package ships it, 12 files in the manual's order (index.html's), about
  144,000 characters of text once the tags are stripped. Left out: the front page (index.html: the table of
  contents), "Upgrading Supervisor 2 to 3" (upgrading.html: the changes from 2.x, other versions' facts), "Resources
  and Development" (development.html: the bug tracker, version control and contributing, for contributors), the
  general index, Python module index and search pages, the reStructuredText sources (_sources/, the same text), the
  stylesheets, scripts and image, and the changelogs, copyright and doc-base metadata.
- debian-yaws: yaws-doc 2.1.1+dfsg-2
  (sha256 729ca75ebca19d1a91636efec09a2420d479f6d8db7ddd2b37aeef930046fc70), "Yaws - Yet Another Web Server" by Claes
  Wikstrom (dated February 7, 2023, for Yaws 2.1.1, the Erlang web server: introduction; compiling, installing,
  configuring and running; static content and the RAM cache; dynamic content: .yaws pages, EHTML, POSTs and file
  uploads; the mode of operation; SSL and SNI; applications: the session server and cookies, arg rewriting, appmods,
  opaque data, custom 404 and crash pages, streaming and every out/1 return value; debugging and the logs; CGI;
  FastCGI; security and WWW-Authenticate; embedded mode; the yaws.conf reference: the global part, the server part,
  .yaws_auth files and examples; and WebSocket support). The package has no HTML of the manual. Kept: the PDF of the
  manual, 76 PDF pages (about 147,000 characters of text as pypdf extracts it), one file; the package ships it inside
  its example web site (examples/www/yaws.pdf; usr/share/doc/yaws-doc/yaws.pdf is a symlink to it). Left out: the yapp
  documentation (yapp/: the edoc HTML pages of the Yaws applications framework's modules, API reference for another
  topic), the rest of the example web site and code (examples/: .yaws pages, Erlang sources and beams, icons,
  scripts), and the changelogs and copyright.
- debian-h2o: h2o-doc 2.2.5+dfsg2-7
  (sha256 d2bb80e6ad2431d1bf99175e6d41b7e9177aba48c70ac56c7cad7465cd4af9f7), the H2O documentation as H2O 2.2.5 ships
  it (DeNA Co., Ltd. et al.; the optimized HTTP/1.x and HTTP/2 server; a few passages already name features of version
  2.3): installing, then the Configure section: quick start, command options, syntax and structure of the YAML
  configuration, the directives (base, HTTP/1, HTTP/2, access log, compress, errordoc, expires, FastCGI, file,
  headers, mruby, proxy, redirect, reproxy, status, throttle response) and the how-tos (basic authentication, CGI,
  mruby, DoS detection, access control); the FAQ and the benchmarks. The package has no PDF. Kept: its HTML, one file
  per page as the package ships it, 27 files in the manual's order (the top menu's, then configure.html's, the
  benchmarks page last), those in configure/ laid out flat as configure-<page>.html (configure/proxy_directives.html
  as configure-proxy_directives.html), about 103,000 characters of text once the tags are stripped. Left out: the
  front page (index.html: a list of the key features, each a link to the page that documents it), the Configure
  section's front page (configure.html: its table of contents), the example configurations, certificates, document
  roots and libh2o C sources (examples/), the search page's scripts and index (search/), the stylesheets and benchmark
  charts (assets/), and the changelogs, copyright and doc-base metadata.
- debian-bacula: bacula-doc 9.6.7-2
  (sha256 64c2cd53ecbc1b19a59fa86992729679cfd8d5d2e0b5fc80cafdaa442058bf3f), the "Bacula Problem Resolution Guide" by
  Kern Sibbald (dated February 6, 2023, for Bacula 9.6.7, the network backup system of a Director, File daemons and
  Storage daemons: the FAQ (authorization errors, clients on other machines, starting the catalog over, restores that
  hang, Windows clients, compression, incremental backups, retention periods, refused connections, pipe errors); tips
  and suggestions (upgrading, job completion and email notification, a watchdog job, bootstrap files, rejected volumes
  after a crash, security, holiday schedules, labeling with an autochanger, portables, vacations, remote scripts,
  recycling volumes, ACLs, tape automation, concurrent jobs); testing the tape drive with btape (device names, the
  test, speed and fill commands, Linux SCSI tricks, resolving problems, tape modes and block sizes on Linux and
  FreeBSD, the OnStream driver, tape performance, autochanger and syslog errors); dealing with firewalls (the ports and
  a NAT example); what to do when Bacula crashes (traceback, the debugger, debug output); and the licenses). Kept: the
  PDF of the guide, 66 PDF pages (about 166,000 characters of text as pypdf extracts it), one file; the package ships
  it gzipped (pdf/problems.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the other five
  PDF guides the package ships (the Community Main Manual, the Console and Operators Guide, the Utility Programs, the
  Miscellaneous Guide and the Developer's Guide: other readers and topics, one manual per corpus), the same six guides
  as HTML (html/: one format) with their images and stylesheets, and the TODO.Debian, changelog and copyright.
- debian-pam: libpam-doc 1.5.2-6+deb12u3
  (sha256 92e95cc4a5735031cf1de9b7933bb6b5ef70f9d7e8896382da02e78fe6e21426), "The Linux-PAM System Administrators'
  Guide" by Andrew G. Morgan and contributors, as Linux-PAM 1.5.2 ships it (the pluggable authentication modules:
  introduction, the text's conventions, overview, the configuration file (syntax, control values, directory based
  configuration, examples), security issues, and the reference of the 38 modules shipped, pam_access to pam_xauth,
  each with its options, module types, return values, files and examples; and the acknowledgments). The package has
  no PDF. Kept: its HTML, one file per chapter, section or module as the package ships it, 48 files in the manual's
  order (Linux-PAM_SAG.html's), about 149,000 characters of text once the tags are stripped. Left out: the table of
  contents (Linux-PAM_SAG.html) and the index page of the three guides (index.html), the chapter pages that are only a
  list of their sections (sag-security-issues.html, sag-module-reference.html), "See also" (sag-see-also.html: three
  titles), the copyright chapter (sag-copyright.html: the document's license terms), the Application Developers'
  Guide and the Module Writers' Guide (adg-*.html, mwg-*.html: for programmers, other readers and topics, one manual
  per corpus), the text copies of the three guides, of RFC 86.0 and of the Internet-Draft (txt/), and the changelogs,
  NEWS.Debian and copyright.
- debian-gutenprint: gutenprint-doc 5.3.4.20220624T01008808d602-1
  (sha256 717ccc52b77977775f55ee945614cc24224029b4efa50f6f24c1418d1b7065e6), the "Gutenprint 5.2 User's Manual" by
  Robert Krawitz (dated September 3, 2016, for Gutenprint 5.2, the suite of printer drivers for CUPS and the GIMP; the
  package is of Gutenprint 5.3.4 and ships this manual: introduction and history; general requirements; installation
  from source: the core driver library, the CUPS driver and its configure options, the enhanced Print plugin for the
  GIMP, escputil and the test suite; getting started: printer installation with CUPS, the GIMP plugin's dialogs, the
  most important printer options and using escputil; solving problems; the release notes: the critical update note on
  the epson and canon backends, the changes between Gutenprint 5.0 and 5.2, exceptions and workarounds, printer-specific
  notes; the list of supported options: printer options, output controls, specialized adjustments and the CUPS-only
  options; and the GNU GPL and FDL). The package has no HTML. Kept: the PDF of the manual, 73 PDF pages (about 188,000
  characters of text as pypdf extracts it; a few pages are mostly screenshots of the GIMP plugin's dialogs), one file.
  Left out: the same manual as OpenDocument text (gutenprint-users-manual.odt: one format), and the changelogs,
  copyright and doc-base metadata.
- debian-cockpit: cockpit-doc 287.1-0+deb12u3
  (sha256 0bf86777696a4a82d0eaf4ceddaec8c695746ddf5eea2091a6ca1949ebb00cee), the "Cockpit Guide" as Cockpit 287.1 ships
  it (the web-based server administration interface): the deployment guide (the cockpit.conf, cockpit-ws, cockpit-tls,
  cockpit-desktop and cockpit-bridge manpages; SSL/TLS usage and certificates, the TCP port and address, start up and
  process exit, authentication, single sign on with Kerberos, certificate and smart card authentication, privileges and
  polkit), the feature internals (systemd, the journal, NetworkManager, firewalld, storaged, user tools, realmd, the
  terminal, PCP metrics, multiple machines, SELinux, tuned, SOS report, package updates) and the developer guide
  (embedding and integrating Cockpit, packages and their manifests, bridges and content negotiation, Cockpit URLs, and
  the API reference: cockpit.js and its DBus, file, HTTP, spawn, metrics, series data, channel, location, localization,
  error, user session, utility, cache and manifest parts, and the shell and system packages' components). The package
  has no PDF. Kept: its HTML, one file per page as the package ships it, 50 files in the manual's order (index.html's),
  about 165,000 characters of text once the tags are stripped. Left out: the table of contents (index.html), the part
  pages and the manual pages' chapter page that are only a list of their sections (guide.html, features.html,
  development.html, cockpit-manual.html), the gtk-doc index (index.sgml), the fonts, stylesheets and navigation images,
  and the changelog and copyright.
- debian-sdcc: sdcc-doc 4.2.0+dfsg-1
  (sha256 e68f50cdf1082002f89a17beaf947f250f5ef7ba1b756b9b7a05f2b6e7fc9787), the "SDCC Compiler User Guide" (SDCC 4.2.0,
  dated 2022-02-25, the Small Device C Compiler for 8-bit microcontrollers: introduction, licenses and the
  incompatibilities with previous versions; installing: configure options, install and search paths, building on Linux,
  Mac OS X, Cygwin and MSVC, Windows installs, testing and trouble-shooting, the components; using SDCC: standard
  compliance and implementation-defined behaviour, compiling, the command line options, environment variables, the
  language extensions and named address spaces, parameters and local variables, overlaying, interrupt service routines,
  critical functions, register banks, inline assembler, support routines, floating point, library routines, memory
  models, pragmas and the compiler's predefined macros; notes on the supported processors: MCS51 variants and
  bankswitching, DS400, the Z80 family and Rabbit ports with their calling conventions, HC08/S08, STM8, PIC14 and
  PIC16; debugging with SDCDB; tips; support; the technical data: optimizations, cyclomatic complexity, retargetting;
  the compiler internals; the acknowledgments and the index). The package has no HTML. Kept: the PDF of the guide, 134
  PDF pages (about 338,000 characters of text as pypdf extracts it), one file; the package ships it gzipped
  (sdccman.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the ASxxxx assembler and linker
  notes (aslink/: plain text for other programs, one manual per corpus), and the changelogs, copyright and doc-base
  metadata.
- debian-putty: putty-doc 0.78-2+deb12u2
  (sha256 e935590808c2b27a5cb1499eadce2195bf729249abe98f2d26a8e45a6f0ed6b7), the "PuTTY User Manual" as PuTTY 0.78
  ships it (the SSH, Telnet, Rlogin, SUPDUP and serial client for Windows and Unix: introduction, getting started, using
  PuTTY and its command line, configuring PuTTY (every panel of the configuration box and its settings), PSCP, PSFTP,
  Plink, public keys and PuTTYgen, Pageant, the common error messages; and the appendices: the FAQ, feedback and bug
  reporting, the PPK file format, the download keys and signatures, the SSH-2 names specified for PuTTY and the
  authentication plugin protocol). The package has no PDF. Kept: its HTML, one file per chapter or appendix as the
  package ships it, 16 files in the manual's order (index.html's), about 504,000 characters of text once the tags are
  stripped. Left out: the table of contents (index.html), the index (IndexPage.html), the licence (AppendixD.html: the
  software's license terms), the hacking guide (AppendixE.html: coding guidelines, for contributors), and the changelog
  and copyright.
- debian-gputils: gputils-doc 1.4.0-0.2
  (sha256 332741308e0c9491f2500fc1ce58eb0481f08e30f385cdd54657a797af0be310), the "gputils" manual by James Bowman, Craig
  Franklin, David Barnett, Borut Razem and Molnar Karoly (gputils 1.4.0, dated Sep 27, 2014, the GNU PIC utilities for
  Microchip's PIC microcontrollers: introduction, tool flow and supported processors; gpasm, the assembler: its
  command line options, the syntax (files, expressions, numbers, preprocessor, processor header files, the
  configuration bits) and the directives one by one, the instructions and pseudo-instructions, the errors, warnings and
  messages; gplink, the linker: its options, the linker scripts, the stack and the object and COFF files; gplib, the
  librarian; and the other utilities gpdasm, gpstrip, gpvc and gpvo). The package has no HTML. Kept: the PDF of the
  manual, 52 PDF pages (about 73,000 characters of text as pypdf extracts it; pypdf gives the fi ligature as the
  single character U+FB01, about 290 times: "file" comes out with U+FB01, and the long options' "--" as an en dash;
  the option tables of gpasm lose part of their cells), one file; the package ships it gzipped (gputils.pdf.gz) and
  it is laid out unpacked, with the package's mtime. Left out: the same manual as PostScript
  (gputils.ps.gz: one format), and the changelogs and copyright.
- debian-avrdude: avrdude-doc 7.1+dfsg-3
  (sha256 d25ea6bb4f1d7300ff81e738093659b9c61d513c41f9bc356a7bfdc01575f8d0), the AVRDUDE manual as AVRDUDE 7.1 ships it
  (generated March 11, 2023; the program for downloading and uploading the on-chip memories of Atmel's AVR
  microcontrollers: introduction, history and credits; the command line options, the programmers accepting extended
  parameters and example invocations; terminal mode and its commands and examples; the configuration file: the
  defaults, programmer and part definitions, parent parts, the instruction format and other notes; the programmer
  specific information on the STK600, the DFU bootloader using FLIP version 1 and SerialUPDI; the platform dependent
  information for Unix and Windows: installation, configuration files, port names and documentation; and the
  troubleshooting appendix). The package's PDF is the same text. Kept: its HTML (texi2html's), one file per node as
  the package ships it, 33 files in the manual's order (the numbering's), about 112,000 characters of text once the
  tags are stripped. Left out: the top page (avrdude.html) and the table of contents (avrdude_toc.html), the concept
  index (avrdude_41.html), the "About this document" page (avrdude_abt.html: texi2html's navigation help), the chapter
  and section pages that are only a list of their sections (avrdude_3, _17, _21, _22, _31, _33 and _36), the same
  manual as PDF and PostScript (avrdude.pdf.gz, avrdude.ps.gz: one format), and the changelogs and copyright.
- debian-dblatex: dblatex-doc 0.3.12py3-2
  (sha256 d5071654a04581ea023604cb2705ef71d13677a054023616ae9a8172a67f92f4), "DocBook to LaTeX Publishing: User Manual" by
  Benoît Guillon (for dblatex 0.3.12, the DocBook to LaTeX, DVI, PostScript and PDF converter: the documentation reference,
  the introduction and publishing principles (backend drivers, XSL stylesheets, Python post processing, the LaTeX style
  package); installing on Unix and Windows; using dblatex: the dblatex(1) reference with its options, the output styles,
  publishing a document or a set of books, page setup, covers, section numbering, figures, tables, hyphenation, mathematics,
  musical notation, verbatim rendering, indexes, bibliographies, revisions, locales, xrefstyle and olinks, footnotes and
  endnotes, processing instructions; customization: XSL user stylesheets and parameters, LaTeX styles, the texpost script,
  configuration files and their precedence; the FAQ; and the XSL parameters reference, each with its default). The
  package's XHTML copy is the same text. Kept: the PDF of the manual, 143 PDF pages (about 249,000 characters of text as
  pypdf extracts it; the fi and fl ligatures come out as the single characters U+FB01 and U+FB02: "file" comes out with
  U+FB01), one file; the package ships it gzipped (manual.pdf.gz) and it is laid out unpacked, with the package's mtime.
  Left out: the same manual as chunked XHTML (xhtml/manual/: one format), the release notes (release-notes.pdf.gz: other
  versions' changes), the example DocBook sources (examples/), and the changelogs and copyright.
- debian-nextcloud: nextcloud-desktop-doc 3.7.3-1+deb12u2
  (sha256 47bb4ec4e50fb4fd085e952d78f64e591a35cdf6cb6758feb09454267f5010fd), the "Nextcloud Client Manual" as Nextcloud
  desktop client 3.7.3 ships it (the desktop synchronization client for Windows, macOS and Linux: introduction and the
  3.7 release's features; installing: system requirements, the MSI installer's features and properties, the wizard; the
  visual tour of the tray icon, menu, settings and main dialog; using the client: the systray, account settings, overlay
  icons, user status, sharing, the general and network windows, the ignored files editor; conflicts and conflict
  uploading; advanced usage: the command line options, the nextcloud.cfg settings and defaults, the environment variables,
  the nextcloudcmd command line client and low disk space; the automatic updater; and the appendices: building the
  client, history and architecture (sync runs, ETags, conflict cases, ignored files, the sync journal, the custom WebDAV
  properties, end-to-end encryption, virtual files, local file editing), troubleshooting, the FAQ and the glossary). The
  package has no PDF. Kept: its HTML, one file per page as the package ships it, 12 files in the manual's order
  (index.html's), about 96,000 characters of text once the tags are stripped. Left out: the front page (index.html: the
  table of contents), the five pages that advancedusage.html includes whole (options.html, conffile.html, envvars.html,
  nextcloudcmd.html, lowdiskspace.html: the same text again, in no table of contents), the general index and search
  pages, the reStructuredText sources (_sources/, the same text), the stylesheets, scripts and images, and the changelogs,
  copyright and doc-base metadata.
- debian-gprolog: gprolog-doc 1.4.5.0-3
  (sha256 46204c7ec4437a5ae50d9093889e6300898373b2cb94e63621689c3b5db6233d), "GNU Prolog: A Native Prolog Compiler with
  Constraint Solving over Finite Domains" by Daniel Diaz (edition 1.44, for GNU Prolog 1.4.5, dated February 23, 2020:
  the acknowledgements, the license conditions and the introduction; using GNU Prolog: the interactive interpreter and its
  options, consulting, scripting, interrupting a query, the line editor and its LINEDIT settings, the stack sizes and
  their environment variables, the gplc compiler, its compilation scheme and options, running executables, new top-levels,
  the name mangling scheme and hexgplc; debugging: the procedure box model, leashing, spy-points, the debugger commands
  and the WAM debugger; the format of definitions and the errors; the directives and control constructs; the Prolog
  built-in predicates (type testing, unification, comparison, term processing, arithmetic, dynamic clauses, streams,
  character, byte and term input/output, formatted output, atoms, lists, global variables, the Prolog flags, the
  operating system interface, sockets, linedit); the finite domain solver and its constraints, labeling and
  optimization; interfacing Prolog and C; the references and the index). The package has no HTML (gprolog.html is only
  a stylesheet). Kept: the PDF of the manual, 238 PDF pages (about 459,000 characters of text as pypdf extracts it; in the
  running text pypdf gives the underscores of identifiers as spaces, "set_prolog_flag" comes out as "set prolog flag",
  while the examples keep them, and the ff, fi, fl and ffi ligatures as the single characters U+FB00, U+FB01, U+FB02 and
  U+FB03, about 1,200 in all: "file" comes out with U+FB01), one file. Left out: the empty HTML stub (gprolog.html), the
  logo and figures (logo.pdf, *.eps.gz), the example programs (examples/: Prolog, C and FD sources), and the changelogs
  and copyright.
- debian-lmod: lmod-doc 8.6.19-1
  (sha256 8b2a6d8beaff50b374dea5921a0da09cf5ab0c5d72949f24323932dccc634edd), the Lmod 8.6.19 documentation by Robert
  McLay (the Lua-based environment module system of TACC: the user guide, writing modulefiles, the FAQ, the advanced user
  guide, the new features, installing Lua and Lmod and integrating it into the shells, the transition from Tcl
  environment modules, the Lua and Tcl modulefile functions, the environment variables, module names, how Lmod picks a
  modulefile, standard modules, converting from Tcl modules, reporting bugs, path-like variables, module hierarchies,
  configuring Lmod for a site with every setting's default and configure option, .modulerc defaults, aliases and hidden
  modules, Tcl to Lua conversion, dependent modules, modulefile examples, MPI and parallel filesystems, shared home
  directories, the user and system spider caches, module spider, deprecating modules, properties, debugging
  modulefiles, SitePackage.lua and hooks, localization, EasyBuild, custom avail labels, load storms, tracing, sticky
  modules, sh_to_modulefile, tracking module usage with syslog and MySQL, settarg, performance, extensions, a personal
  hierarchy and community module collections). The package has no PDF. Kept: its HTML, one file per page as the package
  ships it, 46 files in the manual's order (index.html's), about 294,000 characters of text once the tags are stripped.
  Left out: the front page (index.html: the table of contents), the code conventions and Lmod principles pages
  (400_code_conventions.html, 410_Lmod_principals.html: for contributors, in no table of contents), the general index and
  search pages (with objects.inv and searchindex.js), the reStructuredText sources (_sources/, the same text), the
  stylesheets, scripts and logo, and the changelog, copyright and doc-base metadata.
- debian-bash: bash-doc 5.2.15-2
  (sha256 2c1a353f7004d14ba81db19c253b958d2dd9582027650739c530fd50376a9d8b), the "Bash Reference Manual" by Chet Ramey
  and Brian Fox (edition 5.2, for Bash 5.2, last updated 19 September 2022; the GNU Bourne-Again SHell: introduction and
  definitions; the basic shell features: syntax and quoting, simple, compound and pipeline commands, coprocesses, shell
  functions, parameters, the expansions, redirections, executing commands, exit status and signals, shell scripts; the
  Bourne shell and Bash builtins, the set and shopt builtins and the special builtins; the shell variables; the Bash
  features: invocation, the startup files, interactive shells, conditional expressions, arithmetic, aliases, arrays, the
  directory stack, the prompt, the restricted shell, POSIX mode and the compatibility levels; job control; command line
  editing with Readline: the init file and its variables, the bindable commands, vi mode and programmable completion;
  the history facilities and history expansion; installing Bash with its configure options; reporting bugs; the
  differences from the Bourne shell; the GNU FDL and the indexes). Kept: the PDF of the manual, 196 PDF pages (about
  505,000 characters of text as pypdf extracts it; the page numbers printed on the pages are the PDF's less six), one
  file. Left out: the same manual as HTML (bashref.html: one format), the bash(1) manpage as PDF and HTML (bash.pdf,
  bash.html: much of the same text again, another reader), the Info manual (bash.info.gz, the same text), the bash-doc/
  symlinks to the same files, the example scripts, functions and startup files (examples/), and the changelogs,
  copyright and doc-base metadata.
- debian-ntpsec: ntpsec-doc 1.2.2+dfsg1-1+deb12u1
  (sha256 f0622777a42e9029e5cb991df7cd16d360bfb030c175d6807dce3f9ac29fb880), the NTPsec documentation as NTPsec 1.2.2
  ships it (the secure, hardened Network Time Protocol implementation, pages last updated 2023-07-29: the glossary of
  NTP-speak, the differences from legacy NTP and the standards; the handbook: the client and NTS quick start guides,
  association management, automatic server discovery, access control, authentication, rate management, reference clock
  support, how NTP works and outside tools; building and installing; the manual pages: ntp.conf(5) with every
  configuration command and option, ntp.keys(5), ntpd, ntpdig, ntpfrob, ntpkeygen, ntpleapfetch, ntploggps, ntplogtemp,
  ntpmon, ntpq, ntpsnmpd, ntpsweep, ntptime, ntptrace, ntpviz and ntpwait; debugging, debugging reference clock drivers
  and reporting bugs; the history of NTP; the external clock discipline, writing a driver and building generic clocks;
  the event messages and status words, the kernel model, the system log messages, the PPSAPI and PPS signals; the
  special topics: the prefer keyword and mitigation rules, orphan mode, the huff-n'-puff filter, the clock filter,
  select, cluster and discipline algorithms, the poll process, the clock state machine, leap seconds, leap smearing and
  rollover issues; the reference clock drivers one by one (local, PPS, Spectracom, TrueTime, generic/parse, Arbiter,
  modem, NMEA, HP GPS, SHM, Trimble, Motorola Oncore, JJY, Zyfer, gpsd) with the parse driver's data formats, the Oncore
  shared memory interface and the European modem time services (tf582_4.html); the performance metrics and the Mode 6
  control message protocol). The package has no PDF. Kept: its HTML, one file per page as the package ships it, 75 files
  in the manual's order (index.html's, then the site map's, then refclock.html's drivers and the pages they link), about
  625,000 characters of text once the tags are stripped. Left out: the front page (index.html) and the site map
  (sitemap.html): tables of contents, the command index (comdex.html: a list of the commands, each a link), the six
  command and option pages it links (accopt.html, authopt.html, clockopt.html, confopt.html, miscopt.html, monopt.html:
  the same text again as ntp_conf.html, in no table of contents), the configuration file grammar page (ntp_config.html:
  for developers adding commands, linked from no page), the copyright notice (copyright.html: the license terms), the
  empty 404 page, the stylesheet, script, icons and pictures, and the NEWS.Debian, changelog and copyright.
- debian-asymptote: asymptote-doc 2.85+ds-1
  (sha256 b2ae6e97c64ede66c1e41cc913f790b01188d198557203a2b3c500ba3495e6ca), "Asymptote: the Vector Graphics Language" by
  Andy Hammerlindl, John Bowman and Tom Prince (for Asymptote 2.85, the descriptive vector graphics language with LaTeX
  typesetting of labels: the description; installation: binary distributions, configuring and the configuration
  variables, search paths, compiling from UNIX source, editing modes, git and uninstalling; the tutorial; the drawing
  commands draw, fill, clip and label; Bezier curves; programming: data types, paths and guides, pens and their default
  attributes, transforms, frames and pictures, files, variable initializers, structures, operators, implicit scaling,
  functions, arrays, casts, import and static; LaTeX usage with asymptote.sty; the base modules, plain to ode, with the
  graph, palette, three, graph3, solids and contour modules at length; the command-line options with their defaults;
  interactive mode; the xasy GUI; the command-line interface; the language server protocol; PostScript to Asymptote;
  help; the debugger; the acknowledgments and the index). Kept: the PDF of the manual, 196 PDF pages (about 413,000
  characters of text as pypdf extracts it; the page numbers printed on the pages are the PDF's less five), one file.
  Left out: the same manual as HTML (html/: one format) and as Info (asymptote.info.gz, the same text again), the FAQ
  (faq/, asy-faq.ascii.gz, asy-faq.info.gz: another document, questions and answers), the other four PDFs (CAD.pdf, the
  CAD module's own guide; asy-latex.pdf, the asymptote.sty package's; TeXShopAndAsymptote.pdf, a Mac editor setup note;
  asyRefCard.pdf, a reference card: other topics, one manual per corpus), the texmf/doc symlinks to the same PDFs, the
  example scripts and their output (examples/), and the changelogs, copyright and doc-base metadata.
- debian-gammu: gammu-doc 1.42.0-8
  (sha256 4b2dd4c271bd936b4893e4b4d6d4248f256dc2e93eacf56757327e6f266a91c9), the Gammu 1.42.0 documentation by Michal
  Čihař and contributors (the mobile phone management utility and SMS daemon: installing Gammu from packages and from
  source with its dependencies and CMake options; the quick starter guide; the FAQ: general, configuring, phone support,
  SMSD and python-gammu; the file formats: INI, SMS backup and backup; the gammurc configuration file with its
  connection types and options; the gammu(1) utility with every command; the SMS daemon: overview, usage, the
  gammu-smsd, gammu-smsd-inject and gammu-smsd-monitor manpages, the smsdrc configuration file with every setting's
  default, the RunOnReceive directive and its environment, the files, SQL, MySQL, PostgreSQL, DBI, ODBC and null
  backends and the database structure; and the gammu-detect, gammu-config and jadmaker utilities and the glossary).
  The package has no PDF. Kept: its HTML, one file per page as the package ships it, 31 files in the manual's order
  (contents.html's), laid out flat as <folder>-<page>.html (smsd/config.html as smsd-config.html), about 221,000
  characters of text once the tags are stripped. Left out: the front page and the table of contents (index.html,
  contents.html), the section pages that are only a list of their pages (faq/index.html, formats/index.html,
  smsd/index.html, smsd/manual.html, smsd/backends.html, utils/index.html), the rest of the Gammu project section (about,
  motivation, contributing, localization, testing, releasing, coding style, versioning, documentation, directories,
  roadmap: for contributors), the SMSD developer documentation (smsd/code.html: the sending and receiving workflows in
  the code), the python-gammu and libGammu API references (python/, c/), the Gammu internals, testing and phone protocol
  pages (internal/, testing/, protocol/: for developers), the general index, Python module index and search pages, the
  reStructuredText sources (_sources/, the same text), the stylesheets, scripts and images, and the changelogs,
  copyright and doc-base metadata.
- debian-flex: flex-doc 2.6.4-8.2
  (sha256 abd9911c21991db1af5afe88313fc13df2018cb8d60b69b8cca20f1f42d04970), "Lexical Analysis With Flex, for Flex
  2.6.4" (edition of 6 May 2017) by Vern Paxson, Will Estes and John Millaway (the fast lexical analyzer generator:
  copyright, reporting bugs, introduction, simple examples, the format of the input file, patterns, how the input is
  matched, actions, the generated scanner, start conditions, multiple input buffers, end-of-file rules, miscellaneous
  macros, values available to the user, interfacing with yacc, the scanner options, performance, generating C++
  scanners, reentrant C scanners, incompatibilities with lex and POSIX, memory management, serialized tables,
  diagnostics, limitations, additional reading, the FAQ, the appendices (makefiles, C scanners with Bison parsers, the
  M4 dependency, common patterns) and the indices). Kept: the PDF of the manual, 140 PDF pages (about 280,000 characters
  of text as pypdf extracts it; the page numbers printed on the chapters' pages are the PDF's less seven), one file;
  the package ships it gzipped (flex.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same
  manual as HTML (html/: one format), the README and the changelogs and copyright.
- debian-cc65: cc65-doc 2.19-1
  (sha256 5f4986652fb88cf44deec225b885ee61798d3575302679a3eb3c37d1fce8eaea), the cc65 2.19 documentation (the 6502
  C cross compiler suite: the program documentation of the ar65 archiver, ca65 macro assembler, cc65 C compiler,
  chrcvt65 vector font converter, cl65 compile and link utility, co65 object-file converter, da65 disassembler, grc65
  GEOS resource compiler, ld65 linker, od65 object-file analyzer, sim65 simulator and sp65 sprite utility; usage: the
  introduction, coding hints, cc65 internals, using make, customizing for a new platform, debugging with VICE; the
  library information: the function reference, disk I/O, the Tiny Graphics Interface, GEOSLib, the library overview and
  the self-modifying-code macros; and one page per target platform, Apple ][ to VIC20). The package has no PDF. Kept: its
  HTML, one file per page as the package ships it, 47 files in the manual's order (index.html's), about 882,000
  characters of text once the tags are stripped. Left out: the front page (index.html: the table of contents), the
  stylesheet and the logo.
- debian-glpk: glpk-doc 5.0-1
  (sha256 2ad3ce3e0efbf906e5874ba1e6fcc8477361e881890e4775f07c92a01c4156df), "GNU Linear Programming Kit: Reference
  Manual for GLPK Version 5.0" (December 2020) by Andrew Makhorin (the LP/MIP solver library: introduction, compiling
  and linking; the basic API routines: conventions, thread safety, the problem object, creating, modifying and
  querying problems, scaling, LP basis construction, the simplex, exact, interior-point and MIP solvers with their
  control parameters and defaults; the utility routines: reading and writing MPS, CPLEX LP and GLPK files, MathProg
  models, printing solutions and the sensitivity analysis report; the advanced routines: LP basis factorization and its
  control parameters, simplex tableau and post-optimal analysis; the branch-and-cut API; the environment and memory
  routines; and the appendices: installing (downloading, configure options, compiling, installing), the fixed and free
  MPS formats, the CPLEX LP format, the glpsol stand-alone solver and its options, the external software (AMD,
  COLAMD/SYMAMD, MiniSat, zlib) and the GNU GPL). Kept: the PDF of the manual, 177 PDF pages (about 350,000 characters
  of text as pypdf extracts it; pdfTeX wrote the fi and fl ligatures without a text mapping, so pypdf drops them:
  "file" comes out as "le", "specifies" as "species", while ff and ffi come out as U+FB00 and U+FB03; in the headings
  and the control parameters' lines the underscores of identifiers come out as spaces, "tol_piv" as "tol piv"), one
  file. Left out: the GNU MathProg language reference
  (gmpl.pdf) and its Spanish and Brazilian Portuguese translations, the graph and network routines (graphs.pdf) and
  the CNF-SAT note (cnfsat.pdf): other topics, one manual per corpus; the benchmark notes (miplib2, miplib3, netlib,
  npp .txt.gz), and the NEWS.Debian, changelogs, copyright and doc-base metadata.
- debian-graphviz: graphviz-doc 2.42.2-7+deb12u1
  (sha256 7239f310587c7ae772bdb3775eeddb2bd82a2c2c3c4326578b906a667c439474), the Graphviz 2.42.2 HTML documentation
  (the graph drawing programs dot, neato, fdp, sfdp, twopi, circo and their tools: the reference: the DOT language,
  command-line usage and environment variables, the output formats and the xdot format, the node, edge and graph
  attributes with their types, defaults and minimums, arrow shapes, node shapes, styles and HTML-like labels, and the
  color names and schemes; then the FAQ, the Unix build notes and the Tcl dot API, tcldot). The package has no PDF of
  this text (its PDFs are the user guides and the manpages: other texts). Kept: its HTML, one file per page as the
  package ships it, 10 files in the manual's order (index.html's and info/index.html's, arrows.html, which attrs.html
  links, after attrs.html), those in info/ laid out flat as info-<page>.html (info/attrs.html as info-attrs.html), about
  219,000 characters of text once the tags are stripped. Left out: the front page and the reference's index page
  (index.html, info/index.html: tables of contents), the character set page (char.html: one sentence and an image),
  the Windows build notes (winbuild.html: in no table of contents), the wish lists (todo.html, internal_todo.html: for
  developers), the XML schema (schema/), the images and example graphs, the PDF user guides (dotguide, dottyguide,
  leftyguide, neatoguide, libguide) and manpages (pdf/), the examples (examples/), and the changelogs and copyright.
- debian-gpsbabel: gpsbabel-doc 1.8.0+ds-5
  (sha256 f2ce3dcb2141cfc719750b0dbbc231205ebf8728aa88cd906ededb274e807068), the "GPSBabel Documentation" as GPSBabel
  1.8.0 ships it (the converter of GPS waypoint, track and route files and receiver protocols: the introduction; getting
  or building GPSBabel: downloading, building from source with Qt Creator and qmake, the qmake flags and makefile targets
  and the runtime dependencies; usage: invocation, suboptions, advanced usage, route and track modes, predefined options
  in gpsbabel.ini, realtime tracking, batch files and the list of options; the formats, one section per format with its
  options and their defaults, xcsv to XAiOX iTrackU; the data filters (bend, polygon, arc, radius, interpolate, height,
  track, sort, nuketypes, duplicate, position, discard, reverse, resample, simplify, swap, stack, transform and others)
  with their options; and the appendices: the supported datums, the Garmin icons and the XCSV style files). Kept: the
  PDF of the manual, 191 PDF pages (about 419,000 characters of text as pypdf extracts it; the page numbers printed on
  the chapters' pages are the PDF's less eighteen), one file; the package ships it gzipped (gpsbabel.pdf.gz) and it is
  laid out unpacked, with the package's mtime. Left out: the same manual as HTML (html/, one file per section: one
  format), and the changelog, copyright and doc-base metadata.
- debian-bochs: bochs-doc 2.7+dfsg-4+deb12u1
  (sha256 959213dca498ab3f1b4a338735c8ce0dfd7a99fb7bcbbd482b719390ea93baf0), the "Bochs User Manual" as Bochs 2.7 ships
  it (the portable IA-32 and x86-64 PC emulator: the introduction (who uses Bochs, whether it is right for you, third
  party software, features, supported platforms, the FAQ); installation (the source from SVN, binary packages, compiling
  with the configure options, per platform); setup (ROM images, the bochsrc configuration file with every option, its
  examples and defaults, the keymaps); using Bochs (the configuration file's search order, textconfig, the CPU models,
  save and restore, sound); common problems; feedback and the mailing lists; the internal debugger and its GUI; the tips
  and techniques (disk images, mtools, loop devices, SMP, networking with TUN/TAP, slirp and the socket module and bxhub,
  gdb, the serial port, the BIOS, special keys, the VESA, Cirrus and Voodoo notes, the disk image modes and bximage);
  and the guest operating systems: FreeBSD, DOS, Windows NT 4.0 to 7 and SCO OpenServer). The package has no PDF. Kept:
  its HTML, one file per section as the package ships it, 59 files in the manual's order (user/index.html's), about
  291,000 characters of text once the tags are stripped. Left out: the table of contents (user/index.html), the license
  section (license.html: the software's license terms), the release notes section (release-notes.html: a pointer to the
  CHANGES file), the Development Guide and the Documentation Guide (development/, documentation/: for contributors, other
  readers and topics, one manual per corpus), the top page (index.html: links to the three guides), the images, and the
  changelogs and copyright.
- debian-gnuplot: gnuplot-doc 5.4.4+dfsg1-2
  (sha256 73fe1816a296594cf6a1d38528f8d740fd650f57a2cb62e029f7920fcd5b31f0), the "gnuplot 5.4" manual (An Interactive
  Plotting Program, by Thomas Williams and Colin Kelley, version 5.4 organized by Ethan A Merritt, June 2022): part I
  on gnuplot itself (seeking assistance, the new features, batch and interactive operation, the canvas size,
  enhanced text mode, the environment variables, expressions, functions and operators, fonts, datablocks, iteration,
  linetypes and colors, layers, mouse input, plugins, start-up, strings, macros, time/date data); part II, the plotting
  styles (boxes, boxplots, candlesticks, histograms, images, polar plots, spiderplots, error bars, 3D plots and others);
  part III, the commands (fit, pause, plot with its data files and modifiers, the set and show options, splot, stats and
  the rest); part IV, the terminal types (from aifm to xlib); and part V, the known bugs and limitations. Kept: the PDF
  of the manual, 311 PDF pages (about 847,000 characters of text as pypdf extracts it; the page numbers printed on its
  pages are the PDF's), one file. Left out: the same manual as HTML (htmldocs/), PostScript, DVI, Info and the help file
  (gnuplot.gih.gz) (one format), the demo scripts and data (examples/), and the BUGS, README, NEWS, changelog and
  copyright.
- debian-doxygen: doxygen-doc 1.9.4-4
  (sha256 979ff7879d0b03f79408a5736770965221fbf180392497b49942c30a47595c84), the Doxygen 1.9.4 manual (the documentation
  generator for C++, C, Java, Python and other languages): the user manual (the introduction, installation, getting
  started, documenting the code, Markdown support, lists, grouping, formulas, tables, graphs and diagrams,
  preprocessing, automatic link generation, the output formats, searching and external indexing, customizing the
  output, custom commands, linking to external documentation, the FAQ and troubleshooting), the reference manual (the
  features, doxygen and doxywizard usage, the configuration file with every tag and its default, the special commands,
  the HTML and XML commands, the emoji support) and the developers manual (internationalization, the Perl module
  output, doxygen's internals). The manual's PDF (doxygen_manual.pdf) is the same text; the HTML is kept. Kept: its
  HTML, one file per page as the package ships it, 31 files in the manual's order (pages.html's, the introduction,
  index.html, first), about 493,000 characters of text once the tags are stripped. Left out: the PDF (one format), the
  list of pages (pages.html), the changelog (changelog.html.gz: the release notes of every version, other versions'
  facts), the graph legend (graph_legend.html: an example page doxygen generates, in no table of contents), the
  images, stylesheets and scripts, and the package's changelog and copyright.
- debian-yosys: yosys-doc 0.23-6
  (sha256 5b5612745852a7b98da85f14eeb37979b188416c05deb4127519eb9405e6d8ac), the Yosys Manual (the Yosys Open SYnthesis
  Suite, the free Verilog HDL synthesis tool, by Claire Xenia Wolf, first published as a bachelor thesis at the Vienna
  University of Technology): the introduction, the basic principles of HDL synthesis, the approach, the implementation
  overview (RTLIL, the command interface, the source tree), the internal cell library (RTL cells and gates), programming
  Yosys extensions, the Verilog and AST frontends, the optimizations (the opt passes, FSM extraction and encoding), the
  technology mapping, and the appendices: the auxiliary libraries and programs, the command reference manual (every
  command and its options), the RTLIL text representation and the application notes. Kept: the PDF of the manual, 286
  PDF pages (about 553,000 characters of text as pypdf extracts it; the page numbers printed on its pages are the
  PDF's), one file. Left out: the presentation slides (presentation.pdf: a second document, one manual per corpus), and
  the changelog and copyright.
- debian-aspell: aspell-doc 0.60.8-4
  (sha256 6c768a7131085af8b9e59e9c1810816a947510edf3a92e589cf6b8a47f33bf71), the GNU Aspell 0.60.8 manual (the
  spell checker designed to replace Ispell): the introduction and support, basic usage (files, the Ispell replacement,
  other applications), customizing Aspell (specifying options, the options, the notes on options, filters, the prefix
  option, typo-analysis and the suggestion modes), working with dictionaries (aspell-import, how a dictionary is
  selected, listing and dumping word lists, affix info, the personal and replacement dictionaries, multi-dictionaries,
  dictionary naming, AWLI files), writing programs that use Aspell (the C API, the pipe), adding support for other
  languages (the language data file, compiling the word list, phonetic code, the simple soundslike, replacement tables,
  affix compression, compound words, new character sets, official dictionary packages), the implementation notes,
  installing and upgrading, and the authors. Kept: its HTML, one file per node as the package ships it, 55 files in the
  manual's order (aspell.html/index.html's), about 139,000 characters of text once the tags are stripped. Left out: the
  table of contents (index.html), the ChangeLog (other versions' facts), the copying terms and the GNU FDL and LGPL
  texts (Copying.html and the two licenses: license terms), the seven pages that no table of contents links (anchors of
  other nodes), the developer's manual (aspell-dev.html: another manual, for Aspell's own developers), and the
  package's NEWS.Debian, changelogs and copyright.
- debian-hmmer: hmmer-doc 3.3.2+dfsg-1
  (sha256 6dfd02da3c06228e52df393f7999056b025bff93fb795b9847f32430ddbd531c), the "HMMER User's Guide" by Sean R. Eddy
  and the HMMER development team (version 3.3.2, Nov 2020; biological sequence analysis using profile hidden Markov
  models): the introduction (the background and history, the problems HMMER is designed for, ensemble algorithms, the
  assumptions and limitations of profile HMMs, citing HMMER, reporting bugs, HMMER4 and what is still missing);
  installation (binary packages, compiling the source and the github repository, the system requirements, multicore and
  MPI parallelization, build directories, the Makefile targets, what make install installs, HMMER2 beside HMMER3, staged
  installations and workarounds); the tutorial (the programs, the tutorial files, hmmbuild and hmmsearch, phmmer,
  jackhmmer, hmmpress and hmmscan, hmmstat, hmmalign, nhmmer on DNA); the profile/sequence comparison pipeline (the null
  model, the MSV, bias, Viterbi and Forward filters, domain definition, the DNA pipeline); the tabular output formats
  (--tblout and --domtblout); the manual pages of the HMMER programs (alimask to phmmer) and of the Easel miniapps
  (esl-afetch to esl-weight) with their options and defaults; the input files and formats (pipes and .gz files, the
  profile HMM file, Stockholm, A2M, the hmmpgmd database format, score matrices); and the acknowledgements and history).
  Kept: the PDF of the guide, 227 PDF pages (about 470,000 characters of text as pypdf extracts it; the page numbers
  printed on its pages are the PDF's; pdfTeX wrote the fi and fl ligatures without a text mapping, so pypdf gives them
  as the single characters U+FB01 and U+FB02, about 2,000 in all: "file" comes out with U+FB01), one file; the package
  ships it gzipped (Userguide.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the tutorial's
  example files (tutorial/: alignments, profiles and sequences), and the changelog, copyright and doc-base metadata.
- debian-m4: m4-doc 1.4.19-3
  (sha256 cd9ff967210951a6bda33296c9ce87bcaec7b741eb07716537937102bc4172f2), the GNU M4 1.4.19 manual (the GNU
  implementation of the traditional Unix macro processor): the introduction, the historical references, bugs and using
  the manual; invoking m4 (the options for operation modes, preprocessor features, limits control, frozen state and
  debugging, and the input files); the lexical and syntactic conventions (names, quoted strings, comments, tokens, how
  input is copied to output); invoking macros (invocation, inhibiting it, arguments, quoting them, expansion); defining
  macros (define, arguments, $# $* $@, undefine, defn, pushdef and popdef, indir, builtin); conditionals, loops and
  recursion (ifdef, ifelse, shift, forloop, foreach, definition stacks, composition); debugging (dumpdef, tracing, the
  debug levels and output); input control (dnl, changequote, changecom, changeword, m4wrap); file inclusion and the
  search path; diversions; text handling (len, index, regexp, substr, translit, patsubst, format); arithmetic (incr,
  decr, eval); shell commands (the platform macros, syscmd, esyscmd, sysval, mkstemp); errprint, the location macros
  and m4exit; frozen files and their format; the compatibility with other versions of m4; and the answers to the
  examples' exercises). Kept: its HTML, one file per node as the package ships it, 97 files in the manual's order
  (index.html's), about 239,000 characters of text once the tags are stripped. Left out: the front page and table of
  contents (index.html), the indices' appendix page (Indices.html: only the list of the two indices) and the two
  indices (Macro-index.html, Concept-index.html), the copying appendices and the GNU GPL and FDL texts
  (Copying-This-Package.html, Copying-This-Manual.html and the two licenses: license terms), and the package's
  changelogs, copyright and doc-base metadata.
- debian-mailfromd: mailfromd-doc 8.15-2
  (sha256 c5ff6f2bb4f38d95541701e3f474cb7987974b727d5946a58abf5a59388a8cdb), the "Mailfromd mail filter" manual by
  Sergey Poznyakoff (version 8.15, 4 November 2022; the general-purpose mail filtering daemon for Sendmail, MeTA1,
  Postfix and other Milter or Pmilter MTAs, driven by a script in its mail filtering language, MFL): the preface (the
  history of mailfromd, the acknowledgments); the introduction (sender address verification and its limitations, mail
  sending rate, SPF and DKIM); building the package (the required libraries, configure options and variables, the
  installed files); the tutorial (start up and the milter state handlers, actions, conditional execution, functions and
  modules, DNS, checking sender addresses, SMTP timeouts and the callout server, verification loops, the HELO domain,
  RSET handling, recipients, sending rate and the token bucket filter, greylisting, local accounts, the databases and
  their maintenance, testing filter scripts, run mode, the default values, logging and debugging, runtime errors); the
  mail filtering language (comments and pragmas, data types, literals, Sendmail macros, constants, variables, handlers,
  functions, expressions, statements, loops, exceptions, sender verification tests, modules, dynamically loaded modules,
  the preprocessor, an example filter script); the MFL library functions (string, I/O, message modification, mailbox,
  callout, DNS, geolocation, database, rate limiting, greylisting, mail sending, SPF, DKIM, syslog and debugging
  functions and more); the Emacs MFL mode; configuring mailfromd (the configuration file, servers, the resolver, the
  preprocessor, logging, the SMTP timeouts with their defaults, callouts and TLS, privileges, the databases, the runtime
  limits); the mailfromd command line; using it with Sendmail, MeTA1 and Postfix; calloutd and the callout protocol;
  mfdbtool; the mtasim testing tool; the pmult Pmilter multiplexer; reporting bugs; and the appendices: Gacopyz, the
  time and date formats, upgrading from each earlier version, the GNU FDL and the concept index). Kept: the PDF of the
  manual, 324 PDF pages (about 721,000 characters of text as pypdf extracts it; the page numbers printed on the
  chapters' pages are the PDF's less twelve), one file. Left out: the same manual as HTML (html/, 462 files: one
  format), as plain text (mailfromd.txt.gz) and as Info (mailfromd.info*.gz: the same text again), and the changelogs,
  copyright and doc-base metadata.
- debian-libgcrypt: libgcrypt20-doc 1.10.1-3+deb12u1
  (sha256 3a72c441ad3a11c05543cf5494a7d70359796857ee42bee554a97742e81a37ad), "The Libgcrypt Reference Manual" for
  Libgcrypt 1.10.1 (GNU's library of cryptographic building blocks, from the GnuPG project): the introduction (getting
  started, features, overview); preparation (the header, building sources with pkg-config and Automake, initializing the
  library and secure memory, multi-threading, enabling and disabling the FIPS mode, disabling hardware features);
  generalities (gcry_control and its commands, error values, sources, codes and strings); the handler functions
  (progress, allocation, error, logging); symmetric cryptography (the ciphers, the cipher modes, cipher handles); public
  key cryptography (the algorithms, the S-expressions for RSA, DSA and ECC keys with the supported curves, the flags,
  encryption, signing and key generation parameters); hashing (the hash algorithms with their digest sizes, hash
  handles); message authentication codes; key derivation; random numbers (the quality levels); S-expressions; the MPI
  library (formats, calculations, comparisons, bit manipulations, EC functions); prime numbers; the utilities (memory
  allocation, contexts, buffers, configuration reporting); the hmac256 tool; the configuration files and environment
  variables; the architecture of each subsystem (public key, symmetric encryption, hashing and MACing, MPI, prime
  generation, the random-number subsystem with its CSPRNG and DRBG); and the appendices on the self-tests and on the
  FIPS mode (its restrictions and finite state machine)). Kept: its HTML, one file per node as the package ships it, 83
  files in the manual's order (index.html's), about 229,000 characters of text once the tags are stripped. Left out:
  the front page and table of contents (index.html), the concept index and the function and data index
  (Concept-Index.html, Function-and-Data-Index.html), the list of figures and tables (Figures-and-Tables.html: only
  captions), the GNU LGPL and GPL texts (Library-Copying.html, Copying.html: license terms), the twelve redirect pages
  to anchors of other nodes (disabling-fips-mode.html, ecc_005fkeyparam.html and the rest: a refresh link each, in no
  table of contents), the two images, the same manual as PDF (gcrypt.pdf.gz: one format) and as Info
  (gcrypt.info*.gz), and the changelogs, copyright and doc-base metadata.

- debian-debmake: debmake-doc 1.17-7
  (sha256 f562cf744d906b9255c60d659873609ed5f40d657d99c4a6f3f5c194c24507cf), the "Guide for Debian Maintainers" by
  Osamu Aoki (the tutorial on building Debian packages with the debmake command). Kept: the PDF of its English text,
  143 PDF pages (about 284,000 characters of text as pypdf extracts it), one file. Left out: the same guide as HTML
  (html/*.en.html: one format), the German, Japanese, Russian and Chinese translations (PDF, HTML and EPUB), and the
  changelogs, copyright and doc-base metadata.
- debian-fftw: libfftw3-doc 3.3.10-1
  (sha256 49dfdd8f9a2b8bb8a235e0984108cd3c41a6ffa6c699150e2f1d8f264c1e5da8), the FFTW 3.3.10 manual by Matteo Frigo
  and Steven G. Johnson (the C library for discrete Fourier transforms): the introduction; the tutorial (complex and
  real-data DFTs in one and more dimensions, the halfcomplex format, the real even/odd and Hartley transforms); other
  important topics (SIMD alignment and fftw_malloc, multi-dimensional array formats, wisdom); the FFTW reference (data
  types, using plans, the basic, advanced and guru interfaces, the planner flags, new-array execute functions, wisdom
  and its utilities, what FFTW really computes); multi-threaded FFTW; distributed-memory FFTW with MPI (installation,
  data distribution, transposes, wisdom, performance tips, the MPI reference and its Fortran interface); calling FFTW
  from modern and legacy Fortran; upgrading from FFTW version 2; installation and customization (Unix, non-Unix
  systems, cycle counters, generating your own code); and the acknowledgments. Kept: its HTML, one file per node as
  the package ships it, 114 files in the manual's order (index.html's), about 278,000 characters of text once the tags
  are stripped. Left out: the front page and table of contents (index.html), the concept index and the library index
  (Concept-Index.html, Library-Index.html), the license page (License-and-Copyright.html: license terms), the equation
  images, the FAQ (fftw-faq.html and fftw-faq.ascii.gz: another document), and the changelogs and copyright.
- debian-gri: gri-pdf-doc 2.12.27-1.1
  (sha256 0873a873dbd41d1536c9f48388f4bf30ee0758309b0a597412860b865a187f92), "Gri: A Program to Make Science Graphs"
  by Dan E. Kelley (version 2.12.27, 2015; the command-driven language for scientific x-y, contour and image graphs
  in PostScript): the introduction; a simple Gri program and how to run it; invoking Gri (its command-line options,
  extracting the commandfile from a PostScript file); controlling axes, fonts and colours; x-y, contour and image
  plots; the real-world examples (box plots, contouring, images from gridded data, legends, polygons, T-S and PDF
  diagrams, handling data); the list of commands in the Gri language, from assert to write, with every set command;
  programming in the Gri language (the defaults, online help, variables, synonyms, rpn calculations, text strings
  and mathematical text, new commands, the resource file); the environment (the ancillary programs gri_merge and
  gri_unpage, using system tools, the discussion group); editing Gri files in GNU Emacs with gri-mode; the history
  of Gri versions; installing Gri; the bugs; the test suite; Gri in the press; the acknowledgments; the GNU GPL and
  the indexes). Kept: the PDF of the manual, 285 PDF pages (about 598,000 characters of text as pypdf extracts it;
  the page numbers printed on the chapters' pages are the PDF's less sixteen), one file; the package ships it
  gzipped (gri.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the reference cards
  (cmdrefcard.ps.gz, refcard.ps.gz: one-page summaries of the same commands), and the README, README.Debian,
  changelogs, copyright and doc-base metadata.
- debian-gettext: gettext-doc 0.21-12
  (sha256 223dfc01cf70c03ce1c56bc3acc18a806292cc6af71d5cffcc4674a221ae2bea), the "GNU gettext utilities" manual as
  GNU gettext 0.21 ships it (the tools and library for translating programs' messages): the introduction (i18n and
  l10n, PO and MO files, an overview); the user's view (locales, the locale environment variables, the LANGUAGE
  priority list, Windows consoles); the format of PO files; preparing program sources (marking translatable
  strings, special comments, proper names, library sources); making the PO template file with xgettext; creating a
  new PO file with msginit and its header entry; updating PO files with msgmerge; editing PO files (the KDE, GNOME
  and Emacs editors, compendia); manipulating PO files (msgcat, msgconv, msggrep, msgfilter, msguniq, msgcomm,
  msgcmp, msgattrib, msgen, msgexec, highlighting, other tools, libgettextpo); producing binary MO files with msgfmt
  and msgunfmt and the MO file format; the programmer's view (catgets; the gettext interface: locating message
  catalogs, the output character set, contexts, plural forms, optimization; libintl.a); the translator's view (the
  Translation Project's organization and information flow, translating plural forms, prioritizing messages); the
  maintainer's view (gettextize, the files to create or alter, the autoconf macros, version control, distribution
  tarballs); the installer's and distributor's view; other programming languages (the language implementor's,
  programmer's, translator's and maintainer's views, then each language from C to YCP); other data formats; the
  concluding remarks (the history of GNU gettext, the Free Translation Project, related readings); and the language
  and country code appendices). The package has no PDF. Kept: its HTML (texi2html's), one file per chapter or
  appendix as the package ships it, 19 files in the manual's order (gettext_toc.html's), then the footnotes page
  (gettext_fot.html, the chapters' seven footnotes), 20 files, about 531,000 characters of text once the tags are
  stripped. Left out: the table of contents (gettext_toc.html and its index.html link) and the "About this document"
  page (gettext_abt.html: texi2html's navigation help), the licenses appendix (gettext_20.html: the GNU GPL, LGPL
  and FDL texts, license terms), the program, option, variable, PO mode, autoconf macro and general indices
  (gettext_21.html to gettext_30.html), the manpages of the programs and functions (*.1.html, *.3.html: the same
  text again, another reader), the FAQ and the tutorial (FAQ.html, tutorial.html: other documents), the libasprintf
  manual (libasprintf/: another library, one manual per corpus), the C# and Java API documentation (csharpdoc/,
  javadoc2/), the examples (examples/), and the changelogs, copyright, doc-base and lintian metadata.
- debian-mrbayes: mrbayes-doc 3.2.7a-6
  (sha256 a2be3335a6936f4b2c31edb757dc0f585423f0e39909184e1e15adcaac45a999), "MrBayes version 3.2 Manual: Tutorials
  and Model Summaries" by Fredrik Ronquist, John Huelsenbeck, Maxim Teslenko and Johan Nylander (draft version,
  February 2019, for MrBayes 3.2.7, the program for Bayesian inference of phylogeny by Markov chain Monte Carlo): the
  preface; the introduction (conventions, acquiring and installing, getting started, the window size, getting help,
  reporting bugs, the license, citing); the tutorial of a simple analysis (the quick start and the thorough version:
  getting data in, specifying the model, the priors, checking the model, setting up and running the analysis with
  its mcmc settings, when to stop, summarizing the parameter and tree samples with sump and sumt); the tutorial of a
  partitioned analysis; more tutorials (amino acids, positively selected sites, sampling across the GTR model space,
  testing a topological hypothesis, the strict and relaxed clocks, node and total-evidence dating, ancestral states,
  the multi-species coalescent); working with MrBayes (reading data and trees, models and model choice, starting
  values, proposals and tuning, Metropolis coupling, improving convergence, stepping-stone sampling, analyzing the
  posterior sample, batch mode, BEAGLE and MPI, compiling from source with the configure options, the FAQ, the
  differences between versions 3.1 and 3.2); the evolutionary models (nucleotide, doublet, codon, amino-acid,
  restriction site, morphology and parsimony models, rate variation across sites and across the tree, topology and
  branch length models, partitioned models); the appendix's diagrams of the models and moves (little text) and the
  bibliography. Kept: the PDF of the manual, 174 PDF pages (about 320,000 characters of text as pypdf extracts it;
  pdfTeX wrote the ff, fi, fl, ffi and ffl ligatures without a text mapping, so pypdf gives them as the single
  characters U+FB00 to U+FB04, about 870 in all: "file" comes out with U+FB01; the page numbers printed on the
  chapters' pages are the PDF's less eight), one file. Left out: the changelog, copyright and doc-base metadata (the
  package ships nothing else).
- debian-yara: yara-doc 4.2.3-4
  (sha256 3bd701d9e9ac2c1914bac1dcf9502cce2f3d141f299a95331072955933231cff), the YARA documentation by VirusTotal
  (its pages say "yara 4.2.0 documentation"; the pattern-matching tool for identifying and classifying malware
  samples): the introduction (what YARA is, an example rule and the table of contents); getting started (compiling
  and installing, the configure options for OpenSSL and for the cuckoo, magic and dotnet modules, vcpkg, Windows,
  Homebrew, yara-python, the first run and its loader error); writing rules (identifiers and keywords, comments, hex
  strings with wild-cards, jumps and alternatives, text strings and their modifiers: nocase, wide, ascii, xor,
  base64, fullword and private, regular expressions, conditions and operator precedence, counting strings, offsets,
  match length, filesize, entrypoint, reading data at an offset, sets of strings, for..of, iterators, referencing
  other rules, global and private rules, tags, metadata, modules, undefined values, external variables, includes);
  the PE, ELF, Cuckoo, Magic, Hash, Math, dotnet, Time and Console modules; writing your own modules; running yara
  from the command line with its options; yara-python; and the C API (compiling, saving and scanning, scanners, the
  functions, data structures and error codes). The package has no PDF. Kept: its HTML, one file per page as the
  package ships it, 16 files in the manual's order (index.html's), the introduction first, the module pages laid out
  flat as modules-<module>.html (modules/pe.html as modules-pe.html), about 195,000 characters of text once the tags
  are stripped. Left out: the modules chapter page (modules.html: one paragraph and the list of the modules), the
  general and Python module indexes and the search page (genindex.html, py-modindex.html, search.html), the
  reStructuredText sources (_sources/, the same text), the search index and inventory, the stylesheets and scripts,
  and the changelog, copyright and doc-base metadata.
- debian-form: form-doc 4.3.0+git20230104+ds-1
  (sha256 56a95b57c823648856bc00151fb12ab11e89fcf39dd7bce4b6203cd38078ffd5), the "FORM version 4.3 Reference manual" by
  J.A.M. Vermaseren, T. Kaneko, J. Kuipers, B. Ruijl, M. Tentyukov, T. Ueda and J. Vollinga (dated January 4, 2023; the
  symbolic manipulation system for very large expressions, much used in high energy physics): running FORM (the
  command-line options, the environment variables and how the setup file is found); the variables (names, symbols,
  vectors, indices, functions, sets, the autodeclare conventions, name lists, dummy indices, Kronecker deltas, extra
  symbols, the restrictions and some common bugs); the preprocessor (its variables, calculator and triple dot operator,
  then the instructions #add to #write); modules and checkpoints; pattern matching; the dollar variables and their use
  in a parallel environment; the statements, abrackets to write; the functions, abs_ to topologies_, and the extra
  reserved names; brackets; output optimization; polynomials and factorization; the tablebase and its statements;
  dictionaries; the Dirac algebra; the use of a metric; sorting and statistics; the setup parameters with their
  defaults; the parallel versions TFORM and ParFORM; external communication (#external and the other external channel
  instructions, embedding FORM in other applications); spectators; diagram generation with topologies_; and the index).
  Kept: the PDF of the manual, 280 PDF pages (about 569,000 characters of text as pypdf extracts it; the page numbers
  printed on the chapters' pages are the PDF's less twelve), one file. Left out: the changelog and copyright (the
  package ships nothing else).
- debian-charliecloud: charliecloud-doc 0.31-1
  (sha256 f29ff8bbd284dbff0298eec29cc4fe74ab0ff964bb3b7f29cb150e541e47eadf), the Charliecloud 0.31 documentation (Los
  Alamos National Laboratory's user-defined software stacks for HPC centers: fully unprivileged containers in Linux user
  namespaces): the overview (what Charliecloud is, how it works, who is responsible); installing (building from a
  tarball or Git, the configure options, package managers, the dependencies by feature and notes on each); the tutorial
  (90 seconds to Charliecloud, pulling, building and pushing images, an MPI hello world, the build cache and the
  appendices on namespaces, Bash, the host and Apache Spark); the manpages of ch-checkns, ch-convert (the image formats
  and format inference), ch-fromhost, ch-image (its subcommands, architecture, authentication, the storage directory,
  the build cache, the privilege model and Dockerfile compatibility), ch-run (bind mounts, image formats, --join,
  environment variables, syslog), ch-run-oci, ch-ssh and ch-test; and the FAQ. The package has no PDF. Kept: its HTML,
  one file per page as the package ships it, 12 files in the manual's order (index.html's), the overview (index.html)
  first, about 208,000 characters of text once the tags are stripped. Left out: the contributor's guide (dev.html: for
  contributors), the best practices page (in the table of contents but not shipped), the search page, the
  reStructuredText sources (_sources/, the same text), the search index, the stylesheets, scripts and logo, the README
  (README.rst.gz: the overview's text again), the example Dockerfiles, programs and tests (examples/), and the
  changelog, copyright, doc-base and lintian metadata.
- debian-gprbuild: gprbuild-doc 2023.0.0-3
  (sha256 20de67fa61cd082e37a31389a74602092a2af667f8acced9dc79f296c1ef817a), AdaCore's "GPR Tools User's Guide" as
  GPRbuild 2023.0.0 ships it (its pages say "Release 18.0w", dated May 10, 2023; the tools driven by GNAT project files,
  .gpr): the introduction; the GNAT Project Manager (building with projects: source files and directories, duplicate
  sources, the object and exec directories, main subprograms, tool options, executable file names, variables, naming
  schemes; organizing projects into subsystems: importing projects, cyclic dependencies, sharing, global attributes;
  scenarios; library projects, stand-alone libraries and installing them; project extension; child projects; aggregate
  projects and aggregate library projects; the project file reference: declarations, packages, expressions, the
  built-in functions, typed strings, variables, case constructions, every package's attributes and the environment
  variables; the glossary); building with GPRbuild (the command line and its separators, the switches, initialization,
  the compilation, post-compilation and linking phases, distributed compilation and GPRslave); the companion tools
  (GPRconfig and its knowledge base, the configuration file reference, GPRclean, GPRinstall, GPRname and GPRls with
  their switches); the GNU FDL and the index. Kept: the PDF of the guide, 141 PDF pages (about 342,000 characters of
  text as pypdf extracts it; on many pages pypdf runs the words of a line together, "Theargumentsthatfollow", and the
  long options' "--" comes out as an en dash in some running text; the page numbers printed on the pages are the
  PDF's), one file; the package ships it gzipped (gprbuild_ug.pdf.gz) and it is laid out unpacked, with the package's
  mtime. Left out: the same guide as HTML (html/: one format) and as plain text (gprbuild_ug.txt.gz, the same text
  again), the example projects and their sources (examples/), the GPS plugin description (usr/share/gps/), and the
  changelog, copyright and doc-base metadata.
- debian-patroni: patroni-doc 3.0.2-1
  (sha256 b0f89df692adf96073ef8cde20d107b673765c78ea2d6130555e7739237e85d8), the Patroni 3.0.2 documentation (copyright
  Compose and Zalando SE; the template for PostgreSQL high availability with ZooKeeper, etcd, Consul or Kubernetes as
  the distributed configuration store): the front page's introduction (the supported PostgreSQL versions, the notes to
  Citus and Kubernetes users and the table of contents); the introduction (development status, requirements and
  installation, planning the number of PostgreSQL nodes, running and configuring, replication choices, superusers,
  testing the HA solution); Citus support; the Patroni configuration (dynamic, local and environment configuration, the
  PostgreSQL parameters Patroni controls and their defaults); DCS failsafe mode; the REST API (the health check,
  monitoring, cluster status, config, switchover and failover, restart, reload and reinitialize endpoints); converting a
  standalone server to a Patroni cluster and major upgrades of PostgreSQL; the environment configuration settings; the
  YAML configuration settings with their defaults (dynamic, global, log, bootstrap, Citus, Consul, etcd, etcdv3,
  ZooKeeper, Exhibitor, Kubernetes, Raft, PostgreSQL, REST API, ctl, watchdog and tags); security considerations;
  replica imaging and bootstrap and standby clusters; the replication modes (asynchronous, synchronous, strict
  synchronous, the synchronous replication factor); HA across several datacenters; the pause/resume mode; using Patroni
  with Kubernetes; and watchdog support). The package has no PDF. Kept: its HTML, one file per page as the package ships
  it, 16 files in the manual's order (index.html's), the front page (index.html) first, about 159,000 characters of text
  once the tags are stripped. Left out: the release notes (releases.html: the changes of every version from 0.80 to
  3.0.2, other versions' facts), the contributing guidelines (CONTRIBUTING.html: for contributors), the general index
  and search pages (genindex.html, search.html), the reStructuredText sources (_sources/, the same text), the search
  index and inventory, the stylesheets, scripts and images, and the changelog and copyright.
- debian-yodl: yodl-doc 4.03.03-1
  (sha256 9c4f7149dce82f5e3452d4f3ef416768d83179b9978a422f478f96733c3d4514), the Yodl 4.03.03 manual by Frank B.
  Brokken (initially by Karel Kubat; Yodl, "Your Own Document Language", the macro pre-document language and its
  converters yodl2html, yodl2latex, yodl2man, yodl2txt and yodl2xml): the introduction (what's new since 4.00.00, why
  use Yodl, copying); the user guide (the yodl program's options, the grammar, line continuation, the +identifier
  sequence, character tables, literal text, counters); all builtin functions (ADDTOCOUNTER to WARNING); macros and
  document types (the structure of a document, the article, report, book, plainhtml and manpage types, the predefined
  macros, the conversion-related topics: literal commands, figures, fonts, labels and URLs, lists, sectioning,
  typesetting modifiers, and where the macros are); conversions and converters (the conversion scripts, the HTML,
  LaTeX, man, txt and XML converters, the post-processor yodlpost and yodlverbinsert); and the technical information
  (obtaining and installing Yodl, the organization of the sources, the post-processor's internals). Kept: the PDF of
  the manual, 161 PDF pages (about 298,000 characters of text as pypdf extracts it; the PDF itself shows some
  unexpanded markup, as "+NOTRANS(-{}-{})define" for --define, and pypdf keeps the fi and fl ligatures as single
  characters; the page numbers printed on the pages are one less than the PDF's), one file; the package ships it
  gzipped (yodl.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same manual as HTML
  (yodl.html and yodl01.html-yodl06.html: one format), DVI, PostScript, LaTeX and plain text (yodl.dvi.gz, yodl.ps.gz,
  yodl.latex.gz, yodl.txt.gz: the same text again), and the AUTHORS, CHANGES, changelogs and copyright.
- debian-elinks: elinks-doc 0.13.2-1
  (sha256 a246f8876742138fa995b47c4ac42f79ee31401dfce3fdf3c80ccaf54f8b6dd6), "The ELinks Manual" (the ELinks text-mode
  web browser, 0.13 development series; by Jonas Fonseca, Jose Luis Gonzalez Gonzalez, Laurent Monin, Miciah Dashiel
  Butler Masters, Petr Baudis, Peter Wang and others): the preface; getting ELinks up and running (building and
  installing, the requirements and recommended libraries, a very small static binary, ECMAScript support, the
  feature configuration file features.conf and its CONFIG_* settings with their defaults); the FAQ; the introduction to
  the user interface (the title, tab and status bars, the menus, the managers, the LED indicators, navigation,
  searching, hints and odd features); bookmarks (the bookmark manager, folders, searching, the native and XBEL file
  formats); tabbed browsing; document marks; URL shortcuts (URI rewriting, dumb and smart prefixes); the terminal
  setup (its options and the built-in terminal configurations); MIME handling (elinks.conf handlers and extensions);
  mailcap; remote control with -remote; the ex-mode; the BitTorrent client; scripting with Lua; and scripting with
  ECMAScript (its objects). The package has no PDF. Kept: its HTML manual, one file as the package ships it
  (manual.html), laid out as elinks-manual.html, about 138,000 characters of text once the tags are stripped. Left
  out: the developer documents (hacking.html, "Hacking ELinks"; perl.html and perl-hooks.html, the Perl scripting
  interface and its hooks: for developers and script writers, not the manual), the gzipped plain-text documents
  (*.txt.gz, the sources of most of the manual's chapters: the same text again), the plain-text notes (marks.txt,
  remote.txt, small.txt: the same text again; feedback.txt, where to ask questions), and the changelogs and copyright.
- debian-ne: ne-doc 3.3.2-1
  (sha256 86f05377ce4bda54d0ce0bf48384885e6f868d3283f1b25344aac5f0d6b25537), "ne's manual" (ne, "A nice editor", version
  3.3.2, by Sebastiano Vigna and Todd M. Lewis; the full-screen text editor for POSIX systems): the introduction; the
  basics (terminology, starting, loading and saving, editing, basic preferences, basic macros, and the more advanced
  features: UTF-8, bookmarks, automatic completion, bracket matching, MS-DOS and binary files, the file requester,
  executing commands, advanced key bindings); the reference (the arguments, the status bar, the input line, the command
  line, the requester, syntax highlighting, the menus, regular expressions, automatic preferences, emergency save, UTF-8
  support); the commands one by one (file, document, clip, search, macros, undo, formatting, preferences, navigation,
  editing and support commands); configuration (key bindings, changing menus, virtual extensions); hints and tricks;
  motivations and design; the encoding mess; history; portability problems; the acknowledgments; and the concept and
  command indexes. Kept: the PDF of the manual, 88 PDF pages (about 255,000 characters of text as pypdf extracts it;
  pypdf keeps the fi and fl ligatures as single characters and gives the caret of the control-key shortcuts, as in ^A,
  as U+02C6; the page numbers printed on the pages are the PDF's less two; the table of contents is on the last six
  pages), one file; the package ships it gzipped (ne.pdf.gz) and it is laid out unpacked, with the package's mtime. Left
  out: the same manual as HTML (html/, one file per node: one format), the Info manual and the plain text (ne.info.gz,
  ne.txt.gz: the same text again), the ne-doc/ symlinks to the same files, and the changelogs, copyright and doc-base
  metadata.
- debian-nsis: nsis-doc 3.08-3+deb12u1
  (sha256 c84252f86ae3701d5cd1cca9f27b41b6bbd525d320affe581b81a9290f76ee5d), the "NSIS Users Manual" as NSIS 3.08 ships
  it (the Nullsoft Scriptable Install System, the script-driven Windows installer and uninstaller builder, copyright
  1999-2021 contributors): the introduction (about NSIS, its features, Unicode installers); the tutorial (script files,
  structure, installer attributes, pages, sections, functions, script execution, the compiler, the Modern UI and
  plug-ins); the command line usage of makensis and of the installers and uninstallers it builds; the scripting reference
  (the script file format, variables, constants, labels and relative jumps, pages, sections, functions and their
  callbacks, the installer attributes and compiler flags, version information, the instructions one by one, multiple
  languages, plug-in DLLs, silent installers); the compile time commands (the compiler utility commands, the predefines,
  reading environment variables, conditional compilation and macros); and the appendices: the Modern User Interface,
  DLL/TLB library setup, useful scripts, useful information (error levels, Add/Remove Programs, calling DLLs with
  System.dll, REG_MULTI_SZ values, the Unicode macros), the useful headers (FileFunc, TextFunc, WordFunc), building NSIS
  and the credits. The package has no PDF. Kept: its HTML, one file per chapter or appendix as the package ships it
  (Docs/), 12 files in the manual's order (Contents.html's), about 279,000 characters of text once the tags are
  stripped. Left out: the table of contents (Contents.html), the empty index page (IndexPage.html), the changelog and
  release notes (AppendixF.html: the changes of every version up to 3.08, other versions' facts), the
  licence (AppendixI.html: the software's license terms), the readmes of the plug-ins and headers in the subfolders
  (Modern UI, nsDialogs, InstallOptions, MultiUser, System, VPatch, StrFunc and the others: separate documents), the
  example scripts (Examples/), the stylesheet, and the NEWS.Debian, changelogs, copyright and doc-base metadata.
- debian-gpsim: gpsim-doc 0.22.0-2.2
  (sha256 df7b55bd2e0cfb63c010d13aaf8df7c33ec77eebfd1a2e98859adcd5fd83f6be), the gpsim manual ("gpsim - PIC Simulator
  Manual" by T. Scott Dattalo in the package's doc-base entry, dated 9 November 2006, for gpsim 0.22.0; the
  full-featured simulator of Microchip PIC microcontrollers): the introduction; the overview (building with ./configure
  and its options, RPMs, Windows, the command line options, requirements); the command line interface, one section per
  command (attach, break, clear, disassemble, dump, echo, frequency, help, icd, list, load, macros, module, node,
  processor, quit, run, step, symbol, stimulus, stopwatch, trace, version, x); the graphical user interface (main window
  and simulation modes, the source and opcode browsers, register, symbol, watch and stack views, the breadboard, the
  trace and profile viewers, the stopwatch and scope windows); scripting and configuring (the .sim, .command and .assert
  macros embedded in PIC source, sockets); assertions and extended breakpoints; trace and log; stimuli (how they work,
  contention, I/O pins, asynchronous and extended stimuli); modules (USART, logic gates, I2C EEPROM, switches, resistors
  and voltage sources, third-party LCD modules, writing new modules); symbolic debugging and macros (both unwritten
  stubs); hex files; the ICD (not supported from 0.21.0 on); examples; regression tests; the theory of operation
  (instructions, file registers, trace, breakpoints); the copying notice and the index. Kept: the PDF of the manual, 64
  PDF pages (about 83,000 characters of text as pypdf extracts it; pypdf keeps the fi and fl ligatures as single
  characters; the page numbers printed on the pages are the PDF's less one; the table of contents is on pages 2-4, the
  index on the last page), one file; the package ships it gzipped (gpsim.pdf.gz) and it is laid out unpacked, with the
  package's mtime. Left out: the same manual as PostScript and as its LyX source (gpsim.ps.gz, gpsim.lyx.gz: the same
  text again), and the README.Debian, changelog, copyright and doc-base metadata.
- debian-pelican: pelican-doc 4.8.0+dfsg-1
  (sha256 c5398a2c4db96827ce75fba2f4931b6e8fc87b173c7733618c8ef45d648ab67c), the Pelican 4.8.0 documentation (copyright
  Justin Mayer, Alexis Metaireau and contributors; the static site generator written in Python): the front page's
  introduction (highlights, features, the name, the table of contents); the quickstart; installing (optional packages,
  dependencies, upgrading, kickstarting a site with pelican-quickstart); writing content (articles and pages, file
  metadata, static content, internal links, {static} and {attach}, including other files, translations, syntax
  highlighting, drafts and hidden posts); publishing (site generation, viewing, deployment, automation with Invoke and
  Make); the settings with their defaults (basic, URL, time and date, template pages, metadata, feeds, pagination,
  translations, ordering, themes, logging, reading only modified content, writing only selected content, the example
  settings); plugins (using, finding and creating them, the list of signals, recipes); themes (structure, templates and
  variables, objects, feeds, inheritance, an example); the pelican-themes tool; importing an existing site with
  pelican-import; the FAQ; tips (custom 404 pages, publishing to GitHub Pages, embedding videos, local SSL); Pelican's
  internals; and some history about Pelican (the original author's 2010 report). The package has no PDF. Kept: its
  HTML, one file per page as the package ships it, 14 files in the manual's order (index.html's), the front page
  (index.html) first, about 154,000 characters of text once the tags are stripped. Left out: the contributing
  guidelines (contribute.html: for contributors), the release history (changelog.html.gz: the changes of every version
  from 1.1 to 4.8.0, other versions' facts), the search page, the reStructuredText sources (_sources/, the same text),
  the search index and inventory, the stylesheets, scripts, images and the downloadable example theme, and the
  changelogs, copyright and doc-base metadata.
- debian-infernal: infernal-doc 1.1.4-1
  (sha256 6f59072412c2dc459c1b95f99e8403d81a0ba900f2368595ecbd3e670c9e9677), the "INFERNAL User's Guide" by Eric
  Nawrocki and Sean Eddy for the Infernal development team (version 1.1.4, Dec 2020; RNA homology search and alignment
  with covariance models, profiles of RNA sequence and secondary structure consensus): the introduction (what covariance
  models are and their applications, Infernal and HMMER, what is new in 1.1, further reading); installation (quick
  instructions, system requirements, multithreading and MPI, build directories, the Makefile targets, what make install
  installs, staged installations and workarounds); the tutorial (the programs and tutorial files, cmbuild, cmcalibrate
  and cmsearch on a genome, truncated hits, cmpress and cmscan on a CM database, searching Rfam with --fmt 2 and clans,
  cmalign, models without secondary structure, global alignment with -g, cmbuild --hand); the profile/sequence
  comparison pipeline (filter thresholds by search space size, the HMM filter stages, the CM stages, the null3
  correction, the truncated variants, the HMM-only pipeline); profile SCFG construction with cmbuild; the tabular
  output formats 1 and 2 (--tblout); citing, reporting bugs and reading from stdin pipes; the manual pages of cmalign,
  cmbuild, cmcalibrate, cmconvert, cmemit, cmfetch, cmpress, cmscan, cmsearch and cmstat with their options and
  defaults; the file formats (CM files, the HMMER3 filter HMM, WUSS notation, Stockholm, FASTA, null model, clan and
  Dirichlet prior files); and the acknowledgements and references. Kept: the PDF of the guide, 117 PDF pages (about
  434,000 characters of text as pypdf extracts it; the page numbers printed on its pages are the PDF's less one; pdfTeX
  wrote the fi and fl ligatures without a text mapping, so pypdf gives them as the single characters U+FB01 and U+FB02,
  about 1,850 in all: "file" comes out with U+FB01; in the running text pypdf gives the underscores of identifiers as
  spaces, "INFERNAL_NCPU" comes out as "INFERNAL NCPU", while the program output keeps them), one file. Left out: the
  changelog, copyright and doc-base metadata (the package ships no other document).
- debian-ocrmypdf: ocrmypdf-doc 14.0.1+dfsg1-1
  (sha256 b37df53ad5fb64e53c9265532d0f0390a8e77c47025485236d7c91552ae2f77c), the OCRmyPDF 14.0.1 documentation
  (copyright James R. Barlow; the tool that adds an OCR text layer to scanned PDF files with Tesseract): the introduction
  (OCR, PDFs and PDF/A, what OCRmyPDF does, limitations, similar programs, web front-ends); PDF optimization (the
  -O levels, fast web view, lossless and lossy optimizations); installing additional language packs; installing the
  JBIG2 encoder and its lossy mode; the cookbook (basic examples, OCR of images, image processing, skipping OCR,
  selected pages, redoing OCR, improving OCR quality, optimization); the Docker image (installing, command-line use,
  adding languages, the test suite, the shell, the web service wrapper); advanced features (unpaper, OCR options and
  time and size limits, overriding Tesseract and other programs, Tesseract configuration files, the sandwich and hocr
  renderers, the return codes, the intermediate files); batch processing (GNU Parallel, directory trees, the sample
  scripts, hot folders with watcher.py and Docker, macOS Automator); performance; PDF security issues; common error
  messages; using the Python API; and plugins. The package has no PDF. Kept: its HTML, one file per page as the package
  ships it, 13 files in the manual's order (index.html's), about 83,000 characters of text once the tags are stripped.
  Left out: the front page (index.html: a few sentences of introduction and the table of contents), the release notes
  (release_notes.html: the changes of every version, other versions' facts), the API reference (apiref.html: as built
  for the package, only the headings of the modules, their docstrings left out), the contributing guidelines and
  maintainer notes (contributing.html, maintainers.html: for contributors and packagers), the general index and search
  pages, the reStructuredText sources (_sources/, the same text), the search index and inventory, the stylesheets,
  scripts and images, and the NEWS.Debian, changelogs, copyright and doc-base metadata.
- debian-latex2rtf: latex2rtf-doc 2.3.18a-3 (sha256 3e850ba7c9617de4ca0cb1dd649d651ea77b1dddfefecf271628b65e5dbb5fc9),
  "LaTeX2RTF: A converter from LaTeX to RTF" by Georg Lehner, updated by Wilfried Hennings and Scott Prahl (edition
  0.7.2, for program version 2.3.18 and up): the introduction; installation (obtaining it, Unix with the Makefile and
  latex2png, plain DOS, MS Windows and the search path, Macintosh, problems compiling and with make check); using it:
  the general assumptions (the .aux and .bbl files, the .cfg files and RTFPATH), the command line options (-a, -b, -C
  code pages, -d, -D, -E figures, -f fields, -F, -i, -M equations, -o, -p, -P, -se, -sf, -t tables, -S, -T, -W, -Z) and
  debugging; the features (LaTeX2e, Unicode, input encodings, languages, cross references, page formatting, equations,
  symbols and fonts, tables, graphics, page styles, Hyperlatex, APA); the configuration (input processing, conditional
  parsing with the iflatextortf switch, output formatting, direct.cfg, ignore.cfg, fonts.cfg and language.cfg); the
  error messages and logging; the history and copyright; development: the unimplemented features, missing options, known
  bugs, reporting bugs, the to-do list and the list of the LaTeX commands parsed, then the command index. Kept: the PDF
  of the manual, 70 PDF pages (about 149,000 characters of text as pypdf extracts it; the page numbers printed on its
  pages are the PDF's less two; a few pages are blank, and the table of contents comes last, on pages i-iv), one file;
  the package ships it gzipped (latex2rtf.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the
  same manual as HTML and plain text (latex2rtf.html, latex2rtf.txt.gz: one format, and the usr/share/doc/latex2rtf/
  symlinks to them), and the changelogs and copyright.
- debian-stealth: stealth-doc 4.03.03-1 (sha256 19897bcf0a0802c6930090dc72df85a986c9f140867b65042f046b094a2130aa), the
  Stealth 4.03.03 manual by Frank B. Brokken (University of Groningen, 2005-2022; the SSH-based file integrity scanner,
  run from a monitor against its clients): the introduction (daemon, foreground and IPC modes, what is new in 4.x);
  compiling and installing with icmake; granting access (the monitor's ssh key, the client's authorized_keys, the
  shell); the policy file (DEFINE and USE directives with their defaults, LABEL, LOCAL and remote commands, GET and PUT,
  CHECK and NOTEST, --max-size against denial of service); running stealth (the command-line and policy file options,
  rsyslog filtering, an example policy built step by step, the mailed report and the log files, later runs, skipping
  files, automated runs with cron and --repeat, report file rotation with --suspend and --resume, status file cleanup
  and logrotate); kick-starting; the usage info; and the error messages. The package's PDF is the same text. Kept: its
  HTML (Yodl's), one file per chapter as the package ships it, 8 files in the manual's order, about 90,000 characters of
  text once the tags are stripped. Left out: the title page (stealth.html: the table of contents), the same manual as
  PDF, DVI and LaTeX (manual/pdf/, manual/LaTeX/: one format), the example policies (examples/), the README files and
  acknowledgements, the cross-reference file (stealth.xref.gz), and the changelogs and copyright.
- debian-lifelines: lifelines-doc 3.0.61-3 (sha256 2ba6f96a444554e6e1990abaffb9bec01b5120876a9efe7a9d551379b1323a31),
  the LifeLines Users' Manual by Thomas T. Wetmore IV ("LifeLines Documentation", LifeLines version 3.0.61, the
  curses-based genealogy program whose records are GEDCOM and whose reports are programs): the introduction and licence;
  installation and the executables; starting LifeLines and creating databases (the command line and its read-only,
  writeable, force, lock, immutable and relaxed-family flags); the introduction to GEDCOM; the main menu; the codeset;
  entering the first person; screen editors and environment variables (LLDATABASES, LLPROGRAMS, LLREPORTS, LLARCHIVES,
  the .linesrc / lines.cfg configuration file); browsing: identifying persons, zip identification, the person, list,
  family, tandem and pedigree browse screens; the search menu and patterns; the add and delete operations; codeset
  conversion and translation tables; the miscellaneous utilities (GEDCOM save and read, place abbreviations, the user
  options); import errors; source, event and user-defined records; family structure and merging; REFN links; the system
  and user properties with their defaults; and the other executables dbverify, btedit and llexec. Kept: the PDF of the
  manual, 64 PDF pages (about 117,000 characters of text as pypdf extracts it; the page numbers printed on its pages are
  the PDF's less four; the table of contents' page references are printed as "??", and the option lists of the llines
  command line and of dbverify come out empty, only their introducing sentences left), one file; the package ships it
  gzipped (ll-userguide.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same manual as
  HTML, text and DocBook XML (ll-userguide.html, .txt.gz, .xml.gz: one format), the Report Programming Manual and the
  developer's guide in every format (ll-reportmanual.*, ll-devguide.*: other readers and topics, one manual per corpus),
  the index page (ll-index.html), and the changelogs, build information and copyright.
- debian-omake: omake-doc 0.10.5-2 (sha256 afca6ad57fbfedf582426fabd83686a85a06510cb5827f50c58e952d212a88c6), the OMake
  0.10.5 documentation (version 0.10.5 of 12th June 2022; copyright the Mojave Group, Caltech, maintained by Gerd
  Stolpmann; the build system with OMakefile and OMakeroot files, MD5-based dependency analysis and its own language,
  rendered by HeVeA): the quickstart guide (C and OCaml programs, subdirectories, multiple versions); additional build
  examples; the OMake language (concepts and syntax, variables and naming, expressions and values, additional language
  examples); rules (implicit rules, scanners, .SUBDIRS, .PHONY and the other special targets); the base library; file,
  I/O and system operations; shell commands; the standard objects; the build functions and utilities (the C, OCaml,
  LaTeX, Menhir and other configuration variables with their defaults); the autoconfiguration functions and variables;
  the osh shell; the synopsis (every command-line option, the environment variables, OMakeFlags and .omakerc); the
  grammar; and the references (version, licence, authors). The package has no PDF. Kept: its HTML, one file per chapter
  or appendix as the package ships it, 17 files in the manual's order (omake-toc.html's), about 345,000 characters of
  text once the tags are stripped (HeVeA puts a zero-width joiner, U+200D, between a section's number and its title).
  Left out: the guide's front page (omake.html: the list of the chapters, each with a line of description), the same
  manual as a single page (omake-doc.html: the same text), the tables of contents (index.html, omake-toc.html,
  omake-contents.html), the six indexes of variables, functions, objects, targets and options (omake-*-index.html), the
  stylesheet, and the NEWS.Debian, changelogs, copyright and doc-base metadata.
- debian-coco: coco-doc 20060919.0-1 (sha256 7351cea78036d406d795e218a75d44aa162c21d7e799b4f561a486d130ae370b),
  "The Compiler Generator Coco/R, User Manual" by Hanspeter Mössenböck (Johannes Kepler University Linz, Institute of
  System Software; copyright 1990, 2006; the generator that takes an attributed grammar in Cocol/R and generates a
  scanner and a recursive descent parser, in its C#, Java and C++ versions): the overview (a sample production and its
  parsing method, the summary of features); the input language: the vocabulary, the overall structure, the scanner
  specification (character sets, tokens and the CONTEXT phrase, hand-written scanners, pragmas, comments, white space,
  IGNORECASE), the parser specification (productions, semantic actions, attributes in C#, Java and C++, the symbol
  ANY, LL(1) conflicts and their resolution by grammar transformations, conflict resolvers with Peek and ResetPeek,
  syntax error handling with SYNC and WEAK, frame files); the user guide: installation, invocation (the -namespace,
  -frames and -trace options and the trace switches), the interfaces of the generated Scanner, Token, Buffer, Parser
  and Errors classes, the main class and the grammar tests; the sample compiler for the language Taste with its stack
  machine; the applications of Coco/R and the acknowledgements; the syntax of Cocol/R; and the sources of the sample
  compiler (Taste.ATG, SymTab.cs, CodeGen.cs, Taste.cs). Kept: the user manual as PDF, 46 PDF pages (about 84,000
  characters of text as pypdf extracts it; the page numbers printed on its pages are the PDF's, while the table of
  contents' references run to page 57, those of an earlier pagination), one file. Left out: the data structures paper
  (DataStructures.pdf: a separate seven-page description of Coco/R's internals, one manual per corpus), both as
  OpenOffice documents too (UserManual.odt, DataStructures.odt: one format), the test grammars (examples/*.ATG), and
  the changelog and copyright.
- debian-doit: python-doit-doc 0.31.1-3.3 (sha256 a6c03fc874b86ed8f2860a697e8f7ba347ce37ec9a6fa798fd83b1c42dd2735a),
  the doit 0.31.1 documentation ("doit - automation tool", copyright 2008-2020 Eduardo Schettino; the Python task
  runner whose tasks are dictionaries returned by task_ functions in a dodo.py file, with MD5-checked file
  dependencies, rendered by Sphinx): installing; tasks (python-action and cmd-action, task names, sub-tasks, file_dep
  and targets, keyword parameters on actions, execution order, task selection, DOIT_CONFIG default_tasks, title,
  verbosity, pathlib); more on dependencies (uptodate and its API, task_dep, groups, setup-tasks, teardown, saved
  values, getargs, calc_dep); more on task creation (importing tasks, delayed task creation with create_after,
  creates, create_doit_tasks); the run command (the dodo file, the returned values, the DB backends and DB-file,
  verbosity, continue, single, parallel execution, reporters, check_file_uptodate, minversion); the other commands
  (help, list, info, forget, clean, dry run, ignore, auto, tabcompletion, dumpdb, strace, reset-dep); configuration
  (doit.cfg and its sections, DOIT_CONFIG); passing task arguments from the command line (params and their
  attributes, positional arguments, get_var); custom uptodate (result_dep, run_once, timeout, config_changed,
  check_timestamp_unchanged); the tools (create_folder, title_with_actions, LongRunning, Interactive, set_trace,
  IPython integration); extending doit (task loaders, commands, plugins); the FAQ; and the success stories. The package
  has no PDF. Kept: its HTML, one file per page as the package ships it, 13 files in the manual's order (contents.html's
  toctree), about 97,000 characters of text once the tags are stripped. Left out: the front page (index.html: the
  project's introduction and feature list, a sales page) and the table of contents (contents.html), the changes of
  every version (changes.html: other versions' facts), the list of related projects (related.html: links), the search
  page, the source code of the modules (_modules/) and the reStructuredText sources (_sources/), the search index and
  inventory, the stylesheets and scripts, the example dodo files (examples/: the code the pages include), and the
  changelogs, copyright and doc-base metadata.
- debian-menhir: menhir-doc 20220210+ds-2 (sha256 a25fc2e08f9b3c29679a5bfaa24d75e635568d19d066f297be2e14f5b42a4fcf), the
  "Menhir Reference Manual" (version 20220210) by François Pottier and Yann Régis-Gianas (INRIA; the LR(1) parser
  generator for OCaml, with its code, table and Coq back-ends): the foreword and the back-ends; usage (every command
  line switch); the lexical conventions; the syntax of grammar specifications (headers, %parameter, tokens and token
  aliases, priority and associativity, %type, %start, attribute declarations, %on_error_reduce, the rules in the old and
  in the new syntax); the advanced features (specifications split over multiple files, parameterized rules, %inline, the
  standard library); conflicts (benign and severe ones, how they are explained and resolved, end-of-stream conflicts);
  positions and their keywords; Menhir as an interpreter (sentences and outcomes); the generated API (monolithic,
  incremental and inspection); error handling the traditional way (the error token, the legacy and simplified
  strategies) and the new way (the .messages file format, maintaining .messages files, writing accurate diagnostic
  messages, a working example); the Coq back-end; grammarware on top of Menhir (the SDK and .cmly files, attributes);
  the interaction with build systems (OCaml type inference and dependency analysis, compilation flags); the comparison
  with ocamlyacc; the questions and answers; and the technical background and references. Kept: the PDF of the manual,
  57 PDF pages (about 185,000 characters of text as pypdf extracts it), one file; the package ships it gzipped
  (manual.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same manual as HTML (manual.html
  and its three PNG figures: one format), and the changelog, copyright and doc-base metadata.
- debian-fastd: fastd-doc 22-4 (sha256 ed67b8078ffc7212a4dec05e1f79ec3a7d4a9551f1a60811b5e27d66162304cd), the fastd 22
  documentation (fastd, the "Fast and Secure Tunneling Daemon", copyright 2012-2022 Matthias Schiffer, rendered by
  Sphinx): the user manual (the command line options; the configuration file format, main and peer configuration; the
  encryption and authentication methods, the recommended ones and the list of methods; MTU configuration, its guidelines
  and examples); the cryptographic algorithms (ec25519: twisted Edwards curves, point compression, the curve and its
  generator point, libuecc; FHMQV-C and its use in fastd; the ciphers AES128-CTR and Salsa20(/12); the message
  authentication codes GHASH/GMAC and UHASH/UMAC; the method providers); and the developer documentation (building fastd
  with Meson: dependencies and build settings; the protocol specification: the packet types, the L2TP control message
  headers, the handshake format and its TLV records, the handshake protocol and the payload packets). The package has no
  PDF. Kept: its HTML, one file per page as the package ships it, 11 files in the manual's order (index.html's), laid
  out flat as <folder>-<page>.html (manual/cmdline.html as manual-cmdline.html), about 57,000 characters of text once
  the tags are stripped. Left out: the front page (index.html: only the table of contents), the release notes of fastd
  v15 to v22 (releases/: other versions' facts), the search page, the reStructuredText sources (_sources/, the same
  text), the search index and inventory, the stylesheets and scripts, and the changelog, copyright and doc-base
  metadata.
- debian-fasta: fasta3-doc 36.3.8i.14-Nov-2020-1
  (sha256 443aa2beffdc73f79535686f76b3eb7dabadae7f4d32aea8a6dd58a60dc2901c), "The FASTA program package" by William R.
  Pearson (University of Virginia; the guide to fasta-36.3.8i, dated November 13, 2022: the FASTA36 sequence comparison
  programs fasta36, ssearch36, ggsearch36 and glsearch36, fastx36 and fasty36, tfastx36 and tfasty36, fasts36, fastf36,
  fastm36, lalign36 and psisearch2): the introduction (FASTA and BLAST); an overview of the programs; using the package
  (sequence files, running the programs, interpreting the results: identifying homologs and their statistics, looking at
  alignments, results without alignments, alignments with annotations; the command line options and the environment
  variables); installing FASTA and the sequence databases (obtaining and preparing the libraries, searching taxonomic
  subsets, DNA sequence libraries, finding the library files, FASTLIBS and the library formats); the frequently asked
  questions; the references; and the appendix (the Makefile compile time options and the version history from FASTA v33
  on). Kept: the PDF of the guide, 37 PDF pages (about 103,000 characters of text as pypdf extracts it), one file. Left
  out: the changelog, copyright and doc-base metadata (the package ships no other document).
- debian-csvkit: csvkit-doc 1.0.7-1 (sha256 39d495e81db203750be01b1d78b1a66f0e1ceec144f07e70c62e487718932b9b), the
  csvkit 1.0.7 documentation (csvkit, the suite of command-line tools for converting to and working with CSV, copyright
  2022 Christopher Groskopf, rendered by Sphinx): the front page (about, why csvkit, the citation and the authors); the
  tutorial (getting started: in2csv, csvlook, csvcut and pipes; examining the data: csvstat, csvgrep, csvsort; power
  tools: csvjoin, csvstack, csvsql and sql2csv; going elsewhere with your data: csvjson, csvpy, csvformat); the
  reference, one page per tool (in2csv, sql2csv, csvclean, csvcut, csvgrep, csvjoin, csvsort, csvstack, csvformat,
  csvjson, csvlook, csvpy, csvsql, csvstat) and the arguments common to all tools; and the tips and troubleshooting. The
  package has no PDF. Kept: its HTML, one file per page as the package ships it, 21 files in the manual's order
  (index.html's), the front page first, those in a subfolder laid out flat as <folder>-<page>.html (scripts/csvcut.html
  as scripts-csvcut.html), about 84,000 characters of text once the tags are stripped. Left out: the tutorial's and the
  reference's chapter pages (tutorial.html, cli.html: only lists of their pages), the contributing guide, release
  process and licence (contributing.html, release.html, license.html: for contributors), the change log
  (changelog.html.gz, release notes of every version: other versions' facts), the general index and the search page, the
  reStructuredText sources (_sources/, the same text), the search index and inventory, the stylesheets and scripts, and
  the changelogs, copyright and doc-base metadata.
- debian-camlidl: camlidl-doc 1.04-5 (sha256 183dc96108e0b0164c8f464ff2499b68dbe600c33ecd82f2510afc411165aba5), the
  "Camlidl user's manual" (version 1.04, May 1, 2002) by Xavier Leroy (INRIA Rocquencourt; the stub generator that
  interfaces Caml with C, and with COM components, from an IDL description of the C functions): the overview (what IDL
  and COM are); the IDL syntax (lexical conventions, limited expressions, the attributes and where each can appear,
  types and declarators, structures, unions and enumerations, function and constant declarations, IDL files with
  import and quote); the Caml-IDL mapping (base types and the integer attributes, pointer kinds, arrays, big arrays,
  structs and their record labels, unions, enums and the set attribute, typedefs with abstract, mltype, c2ml and ml2c,
  finalize, compare, hash, errorcheck and errorcode, functions with their inputs and outputs and the custom calling and
  deallocation sequences, interfaces and COM object interfaces, error handling with HRESULT); using camlidl (the
  generated files, the command-line options, the camlidldll script); the Com run-time library module; hints on writing
  IDL files (for a C library, sharing them with MIDL, dispatch interfaces and type libraries); and the release notes.
  Kept: the PDF of the manual, 26 PDF pages (about 53,000 characters of text as pypdf extracts it; the page numbers
  printed on its pages are the PDF's; pdfTeX wrote the fi, ff, ffi and fl ligatures without a text mapping, so pypdf
  gives them as the single characters U+FB01, U+FB00, U+FB03 and U+FB02, about 200 in all: "file" comes out with
  U+FB01), one file. Left out: the same manual as PostScript (camlidl-1.04.doc.ps.gz) and as HTML (html/: one
  format), and the changelog, copyright and doc-base metadata.
- debian-kernel: debian-kernel-handbook 1.0.21
  (sha256 98a810b308bf2be87dc4191161c3d9f889dd6142f712df32dfb02b3c34594b48), the "Debian Linux Kernel Handbook" by
  the Debian kernel team (for Debian 10 "buster" onwards, rendered by the DocBook XSL stylesheets): about this
  handbook (scope, authors and contributors); the Debian kernel source (the changes to the pristine source, the Debian
  patches and the policy for accepting them); the Debian kernel packages (the source packages, the
  architecture-independent and architecture-dependent binary packages, featuresets, flavours and the abiname); common
  kernel-related tasks (obtaining the source, building a custom kernel from the Debian or the pristine source,
  out-of-tree modules with DKMS, module-assistant or by hand and Secure Boot, rebuilding the official packages: the
  preparation and disk space requirements, test-patches, applying patches or configuration changes, building many
  packages or one flavour, building the development version, generating the orig tarball); version numbers and ABIs;
  managing the kernel modules (/etc/modules, modprobe.d options and blacklists); managing the initramfs (the
  generation tools, regenerating and examining it); the package maintainer scripts and hooks (kernel and initramfs
  hooks for boot loaders and initramfs builders, deprecated features, the installer's configuration); and reporting
  and handling bugs (the kernel team's bug handling policy: required information, severities, tagging, the
  maintainer's and the submitter's responsibilities, reporting upstream; filing a bug; bisecting). The package has no
  PDF. Kept: its HTML, one file per chapter as the package ships it, 9 files in the manual's order (index.html's),
  about 55,000 characters of text once the tags are stripped. Left out: the front page (index.html: the title, the
  copyright notice and the table of contents), and the changelog, copyright and doc-base metadata.
- debian-music: music-doc 1.1.16-1.1 (sha256 3aafcfbc14dd8358280eff9cb6a055e63526a5022c97c00ec90c30ad0ef4c4b0), the
  "MUSIC - Multi-Simulation Coordinator, Users Manual" by Orjan Ekeberg and Mikael Djurfeldt (dated December 4, 2019;
  MUSIC, the API and launcher with which parallel neuronal network simulators that use MPI exchange spike events,
  continuous values and messages during runtime): the introduction (scope, design goals, terminology, the relation to
  PyNN and Neurospaces); the execution model (the launch, setup and runtime phases, the spatial distribution of data,
  timing, message ports, what an application must do); starting a multi-simulation (the launcher and the configuration
  file with its special variables and connections); the application program interface (conventions, error handling;
  the setup phase: the Setup constructor, communicators, port creation, the general port methods, mapping cont, event
  and message ports, index maps, data maps, configuration variables; the runtime phase: the Runtime constructor, tick,
  simulation time and finalization); adapting existing applications; the bibliography; and the appendices: a complete
  example (a configuration file, a data generating and a data consuming application), the C interface, the
  specification file syntax and the index. Kept: the PDF of the manual, 46 PDF pages (about 69,000 characters of text
  as pypdf extracts it; the page numbers printed on its pages are the PDF's less one; pdfTeX wrote the fi, ff, fl and
  ffi ligatures without a text mapping, so pypdf gives them as the single characters U+FB01, U+FB00, U+FB02 and U+FB03,
  about 180 in all: "configuration" comes out with U+FB01; the comments of the code listings come out with a space
  between every letter), one file; the package ships it gzipped (music-manual.pdf.gz) and it is laid out unpacked, with
  the package's mtime. Left out: the AUTHORS, NEWS and README files, and the changelogs, copyright and doc-base
  metadata (the package ships no other document).
- debian-the: the-doc 3.3~rc1-3.1 (sha256 17f7659ef9c995bf475e3d5603cdefe291b351604da8cefb2b8fe9124a308420), "THE
  Reference" for THE, The Hessling Editor, version 3.3rc1, by Mark Hessling (the text editor modelled on the VM/CMS
  editor XEDIT and on KEDIT, with REXX as its macro language): the overview (introduction, licence, the basics, the
  command-line switches and the profile file); the command reference; the SET command reference; the SOS command
  reference; QUERY, EXTRACT and STATUS (every variable and the values or REXX variables returned); the glossary; and the
  appendices: environment variables, keyboard handling, pointer device support, syntax highlighting and the THE
  Language Definition files, the default status settings in each compatibility mode, THE by tasks, and regular
  expressions. The package has no PDF. Kept: its HTML, one file per part as the package ships it, 13 files in the
  manual's order (index.html's), about 282,000 characters of text once the tags are stripped (the pages are ASCII and
  declare no charset). Left out: the table of contents (index.html), the history of THE (history.html: the changes of
  every version, other versions' facts), the quick reference (quickref.html: the switches, commands and their syntax
  again, in short), the GNU FDL (fdl.html: license terms), the plain-text manual for version 3.2 (the.man.gz: an older
  copy of the same text) and the macro that opens it in THE (usr/share/THE/manual.the), the images, and the changelogs,
  copyright and doc-base metadata.
- debian-backup-manager: backup-manager-doc 0.7.14-1.3 (sha256
  8160c3c71cba260056a92eea1f80245bf5a8a98d6d443931b3dac96dc470f4d8), the "Backup Manager 0.7.7 User Guide" by Alexis
  Sukrieh (document version 1.7, dated 14 Apr, 2008; the package is of Backup Manager 0.7.14, the guide still covers
  0.7.7; Backup Manager, the system tool of shell scripts that builds archives with backup methods into a repository and
  purges, uploads and burns them): about this manual (scope, version, authors); the configuration files (the repository
  and its secure mode, encryption, the archives: strict purging, nice level, duplicates purging, lifetime, recursive
  purging and prefix; the backup methods: tarballs, incremental tarballs, MySQL databases, Subversion repositories and
  the generic pipe method; the upload methods: the global keys, SSH, encrypted SSH, FTP, Amazon S3 and RSYNC uploads;
  the exports: burning CDR and DVD media; the advanced features: the temporary directory, logging to syslog and the
  pre- and post-command hooks); and using Backup Manager (the command line, its restrictions and options, and CRON
  integration). Kept: the PDF of the guide, 29 PDF pages (about 55,000 characters of text as pypdf extracts it; the page
  numbers printed on its pages are the PDF's less four; PDF pages 4, 6 and 26 hold only a running head), one file; the
  package ships it gzipped (user-guide.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same
  guide as HTML and plain text (user-guide.html/, user-guide.txt.gz: one format), and the changelogs, copyright and
  doc-base metadata.
- debian-vdirsyncer: vdirsyncer-doc 0.19.0-1 (sha256 414746fd663981363c30d0812489eadd1265a219dc7e6dd977887ab275c0d313),
  the vdirsyncer 0.19.0 documentation (vdirsyncer, the command-line tool that synchronizes calendars and address books
  between CalDAV and CardDAV servers and the local filesystem, copyright 2014-2022 Markus Unterwaditzer and
  contributors, rendered by Sphinx): the front page; when vdirsyncer is needed; installation; the tutorial
  (configuration, conflict resolution, metadata synchronization, collections, server-to-server sync); SSL and
  certificate validation; storing passwords; syncing with read-only storages; the full configuration manual (the
  general, pair and storage sections, and every storage type: caldav, carddav, google_calendar, google_contacts,
  filesystem, singlefile and http); the other tutorials, client applications (Claws Mail, running as a systemd.timer,
  todoman) and servers (Baikal, DavMail, FastMail, Google, iCloud, nextCloud, ownCloud, Radicale, Xandikos); the known
  problems; and the vdir storage format. The package has no PDF. Kept: its HTML, one file per page as the package ships
  it, 23 files in the manual's order (index.html's), the front page first, those in tutorials/ laid out flat as
  tutorials-<page>.html, about 67,000 characters of text once the tags are stripped (UTF-8). Left out: the contributing
  guide and the packaging guidelines (contributing.html, packaging.html: for contributors and packagers), the support
  and contact, licence and donations pages (contact.html, license.html, donations.html), the change log
  (changelog.html.gz, release notes of every version: other versions' facts), the general index and the search page,
  the reStructuredText sources (_sources/, the same text), the search index and inventory, the stylesheets and scripts,
  and the changelogs, NEWS.Debian, copyright and doc-base metadata.
- debian-fai: fai-doc 6.0.3+deb12u1 (sha256 a57bc9a5cb6bf9007690819156ec079acf1563d18b76454a6a4dd7dd915552e8), the
  "FAI Guide (Fully Automatic Installation)" by Thomas Lange (copyright 2000-2022; the guide has no version number of its
  own, its sample output is of FAI 5.5 and 5.9.4; FAI, the non-interactive system that installs, customizes and manages
  Linux systems from an install server): the introduction (availability, motivation, how FAI works, features,
  installation times); the quickstart (the FAI CD, a first server installation with fai-kvm); overview and concepts (the
  important terms, the tasks, the class concept); setting up the faiserver (the packages, the nfsroot, the configuration
  space, the DHCP, TFTP and NFS daemons, the PXELINUX configuration with fai-chboot); planning the installation (the
  configuration space's subdirectories, defining classes and variables, the disk configuration, base files, debconf, the
  package repository, the package_config syntax and its PACKAGES commands, customization scripts, hooks and the FAI
  flags); how FAI installs (the boot messages, each task, the log files); the advanced topics (DHCP parameters,
  fai-monitor, collecting MAC addresses, PXE booting, customizing the install server, FAI CDs and USB sticks, VM and
  cross-architecture disk images, the rescue system, FAI without NFS, other distributions, dirinstall, softupdates, 32-bit
  installs, task errors and STOP_ON_ERROR); various hints (the list of tasks, automated tests, autodiscover, the boot
  device, NFS v4, a local Debian mirror, small hints, flag_reboot, the log files, HTTP for PXE boot); and troubleshooting
  boot errors. Kept: the PDF of the guide, 38 PDF pages (about 107,000 characters of text as pypdf extracts it; the page
  numbers printed on its pages are the PDF's less five; PDF page 1 is the title, pages 2-4 the table of contents, page 5
  the abstract and copyright), one file. Left out: the same guide as HTML and as plain text (fai-guide.html,
  fai-guide.text.gz, fai-guide.txt.gz: one format), classes_description.txt (a 2006 table of the sample classes), the
  sample configuration space and the mkdebmirror utility (examples/: configuration files and scripts, not the manual's
  text), and the changelogs, copyright and doc-base metadata.
- debian-coverage: python-coverage-doc 6.5.0+dfsg1-2 (sha256
  0a5222e0d686f6510d8f206c02d3957446a9a399912022f075a8c9628e4aa39b), the Coverage.py 6.5.0 documentation (coverage.py, the
  tool that measures code coverage of Python programs, copyright 2009-2022 Ned Batchelder, rendered by Sphinx): the front
  page (the supported Pythons, quick start, capabilities, getting help); installation and the C extension; command line
  usage (coverage run, its warnings and data file, combine, erase, the reporting commands report, html, xml, json, lcov and
  annotate, debug and the --debug options); the configuration reference (the syntax and the [run], [paths], [report],
  [html], [xml], [json] and [lcov] sections); specifying source files; excluding code; branch coverage measurement;
  measuring sub-processes; measurement contexts; the API (its overview, the Coverage class, the exceptions, the coverage
  module, the plug-in classes, the CoverageData class and the database schema); how coverage.py works; plug-ins; things
  that cause trouble; and the FAQ. The package has no PDF. Kept: its HTML, one file per page as the package ships it, 20
  files in the manual's order (index.html's, the API pages in api.html's), the front page first, about 142,000 characters
  of text once the tags are stripped (UTF-8). Left out: the contributing guide (contributing.html: for contributors), the
  change history and the major changes in 5.0 (changes.html, whatsnew5x.html: other versions' facts), the mascot's page
  (sleepy.html: who drew it), the module index and the search page, the reStructuredText sources (_sources/, the same
  text), the search index and inventory, the images, stylesheets and scripts, and the changelogs, copyright and doc-base
  metadata.
- debian-libconfig: libconfig-doc 1.5-0.4 (sha256 ab19b2460d5e1ca888d739fc3930aecca3639bfe21acf057b89eb69bc10cd14e), the
  manual "libconfig: A Library For Processing Structured Configuration Files", version 1.5 of 21 Sep 2014, by Mark A.
  Lindner (copyright 2005-2014; libconfig, the C and C++ library that reads, manipulates and writes structured
  configuration files): the introduction (why another configuration file library, using the library from C and from C++,
  multithreading and internationalization issues, compiling with pkg-config, the version test macros); configuration
  files (settings, groups, arrays, lists, integer, 64-bit integer, floating point, boolean and string values, comments and
  include directives); the C API (reading, writing and error reporting, the include directory, the options, the tab width
  and default format, looking up, getting, setting, adding and removing settings and elements, setting types, source
  file and line, hooks and destructors); the C++ API (the exceptions, the Config and Setting classes and their methods);
  the example programs; and the configuration file grammar. Kept: the PDF of the manual, 52 PDF pages (about 106,000
  characters of text as pypdf extracts it; the page numbers printed on its pages are the PDF's less four; PDF page 1 is
  the title, page 2 the copyright, page 3 the table of contents, pages 4, 8, 32, 34, 36, 46, 50 and 52 are blank, pages
  37-45 the GNU LGPL 2.1 as Appendix A and pages 47-51 the function, type and concept indexes), one file; the package
  ships it gzipped (libconfig.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the changelogs,
  copyright and doc-base metadata (the package holds nothing else).
- debian-prover9: prover9-doc 0.0.200902a-2.1 (sha256 0584e4d91ff62416638c5b1061587e19066200425ec9ea6b6ba67fce234aa682),
  the Prover9 Manual, version 2009-02A (Prover9, the resolution/paramodulation automated theorem prover for first-order
  and equational logic, successor of Otter, with Mace4 and the other programs built on the LADR library): the
  introduction, installation, running Prover9 (input files, time limit, statistics, exit codes), input files, clauses and
  formulas; search preparation (automatic modes, term ordering, more preparation, search limits); inference (the loop,
  selecting the given clause, inference rules, processing inferred clauses); output files; more features (weighting,
  attributes, goals and denials, production mode, and the advanced features: actions, hints, semantic guidance, clause
  properties, keep and delete rules, given selection); Mace4 (introduction, input, options, arithmetic, interpformat,
  isofilter); the related programs (prooftrans, fof-prover9 and the other LADR programs); and the list of all Prover9
  options, the glossary and the references. The package has no manual in another format but the same pages printed to
  one PDF. Kept: its HTML, one file per page as the package ships it, 36 files in the manual's order (nav.html's, the
  advanced features' pages in advanced.html's), about 201,000 characters of text once the tags are stripped (ASCII).
  Left out: the frameset and the navigation bar (index.html, nav.html: no text of their own), the advanced features'
  page (advanced.html: a list of links to six of the kept pages), two sets of talk slides (talk-semantics.html,
  talk-software.html: not part of the manual), the same pages printed to one PDF (finalbook.pdf.gz, 119 pages: one
  format), the example inputs and outputs (examples/: Prover9 and Mace4 jobs, not the manual's text), the image and the
  stylesheet, and the changelog, copyright and doc-base metadata.
- debian-nauty: nauty-doc 2.8.6+ds-2 (sha256 3b562ee966760117d74eef450e33592997f7f4da4e405c50e6bff5e757b7c223), the
  "nauty and Traces User's Guide (Version 2.8.6)" of November 17, 2022, by Brendan D. McKay and Adolfo Piperno (nauty
  and Traces, the programs that compute automorphism groups and canonical labellings of vertex-coloured graphs and test
  graphs for isomorphism, with the dreadnaut interface and the gtools utilities): how to use the guide; the
  introduction; the dreadnaut program (its commands, command line options, signal handling and sample sessions); the
  data structures (dense and sparse graphs, permutations, orbits and colourings); the size limits; the options and
  statistics (optionblk, TracesOptions, statsblk, TracesStats); calling nauty and Traces and the low-level nauty call;
  the interpretation of the output; user-defined procedures; the vertex-invariants; writing programs that call dense
  nauty, sparse nauty and Traces (with the sample programs); variations (edge-coloured graphs, exchangeable colours,
  hypergraphs and designs, Hadamard equivalence, isotopy); the utilities; installing nauty and Traces (configure and
  its options, the libraries); more on automorphism groups (the Random Schreier Method, listing the whole group, giving
  known generators to Traces, two-step canonical labelling); the graph6, sparse6 and digraph6 formats; other ways to
  use nauty; the licence and acknowledgements; the help texts of the utilities; and the references. Kept: the PDF of
  the guide, 109 PDF pages (about 196,000 characters of text as pypdf extracts it; the page numbers printed on its
  pages are the PDF's; PDF page 1 is the title and the contents, pages 83-108 the utilities' help texts and page 109
  the references), one file, as the package ships it. Left out: the README files, the graph formats and the Schreier
  group functions as text (formats.txt.gz: the same text as the guide's Section 19; schreier.txt.gz: notes on the group
  functions, not the guide), the example programs (examples/: the guide prints them), the list of changes since
  version 2.4 (changes24-28.txt.gz: other versions' facts), and the changelogs, copyright and doc-base metadata.
- debian-python-ldap: python-ldap-doc 3.4.3-2+deb12u1 (sha256
  ceb752de59e19ed606febcd9c41886373b6389abd142b46d960a11413b79ff5d), the python-ldap 3.4.3 documentation (python-ldap,
  the object-oriented Python API to LDAP directory servers that wraps OpenLDAP's client library, with modules for LDIF,
  LDAP URLs and LDAPv3 schema; copyright the python-ldap project team, rendered by Sphinx): the front page; installing
  (from PyPI, pre-built binaries, from source, the build prerequisites, setup.cfg); bytes/text management; the
  reference documentation of the modules ldap (functions, constants and options, exceptions, warnings, the LDAPObject
  classes and their methods and attributes), ldap.asyncsearch, ldap.controls, ldap.dn, ldap.extop, ldap.filter,
  ldap.modlist, ldap.resiter, ldap.schema, ldap.syncrepl, ldap.sasl, ldif, ldapurl and slapdtest; the third-party
  documentation; and the FAQ. The package has no PDF. Kept: its HTML, one file per page as the package ships it, 19
  files in the manual's order (index.html's, the reference pages in reference/index.html's), the front page first,
  those in reference/ laid out flat as reference-<page>.html, about 135,000 characters of text once the tags are
  stripped (UTF-8). Left out: the reference index (reference/index.html: a list of links to the kept reference pages),
  the contributing guide and the sample workflow (contributing.html, sample_workflow.html: for contributors), the
  general index, the module index and the search page, the reStructuredText sources (_sources/, the same text), the
  inventory, the images, stylesheets and scripts, and the README, TODO, changelogs and copyright.
- debian-libtasn1: libtasn1-doc 4.19.0-2+deb12u1 (sha256
  ce109d7f7611b24d03e41b831eab01c3c7fb1a55b8d8b4350ed24383c0c8dfda), the manual "Libtasn1: Abstract Syntax Notation One
  (ASN.1) library for the GNU system", for version 4.19.0 of 18 August 2022, by Fabio Fiorina, Simon Josefsson and Nikos
  Mavrogiannopoulos (GNU Libtasn1, the C library that parses ASN.1 definitions, manages ASN.1 structures and encodes and
  decodes them with the Distinguished Encoding Rules): the introduction; ASN.1 structure handling (the syntax the parser
  accepts, naming, simple parsing, library notes, future developments); the utilities (invoking asn1Parser, asn1Coding
  and asn1Decoding); and the function reference (the ASN.1 schema functions, the field functions, the DER functions,
  the error handling functions and the auxiliary functions). Kept: the PDF of the manual, 36 PDF pages (about 70,700
  characters of text as pypdf extracts it; the page numbers printed on its pages are the PDF's less three; PDF page 1 is
  the title, page 2 the copyright, page 3 the table of contents, pages 27-34 the GNU Free Documentation License 1.3 as
  Appendix A and pages 35-36 the concept index and the function and data index), one file, as the package ships it.
  Left out: the same manual as Info (usr/share/info/libtasn1.info.gz: one format), the API reference as gtk-doc HTML
  (usr/share/gtk-doc/html/libtasn1/: the function reference again, generated from the same sources), the licence's
  Texinfo source (fdl-1.3.texi.gz), and the changelogs, copyright and doc-base metadata.
- debian-execline: execline-doc 2.9.3.0-1 (sha256 22665f8b2f67504d4efe5e22e5d48ffa3de8088d63122a76f5ae6a5ae4aecbc8),
  the execline 2.9.3.0 documentation from skarnet.org (execline, the non-interactive scripting language whose scripts
  are one command line of programs that each do their job and then execute into the next, launched by execlineb): the
  front page (what execline is, the requirements, the licence, download and compilation, the reference list of the
  commands with their common exit codes, the provided scripts and the quines); the language design and grammar; why
  not just use /bin/sh; the execlineb launcher; a page per command for process state control (execline-cd, posix-cd,
  execline-umask, posix-umask, emptyenv, envfile, export, unexport, fdclose, fdblock, fdmove, fdswap, fdreserve,
  redirfd, piperw, heredoc, wait, getcwd, getpid, exec, tryexec, exit, trap, withstdinas), block management (with the
  page on blocks; foreground, background, case, if, ifelse, ifte, ifthenelse, backtick, pipeline, runblock), variable
  management (with the page on variable substitution; define, importas, elglob, elgetpositionals, multidefine,
  multisubstitute), loops (forx, forstdin, forbacktickx, loopwhilex), positional parameters and options (elgetopt,
  shift, dollarat) and the rest (eltest, homeof, the execline multicall binary, the execline-shell and
  execline-startup scripts); and the pages on pushing and popping the environment, value transformation and exit
  codes. The package has no PDF. Kept: its HTML, one file per page as the package ships it, 61 files in the manual's
  order (index.html's, then the three pages that only the commands' pages link), about 116,900 characters of text once
  the tags are stripped (UTF-8). Left out: the upgrade notes (upgrade.html: what changed between versions, other
  versions' facts), the quines (quine-*.txt: example scripts, not the manual's text), the sample of execlineb's lexing
  (componentsb.txt: an input file the execlineb page links), and the changelog, copyright and doc-base metadata.
- debian-speex: speex-doc 1.2.1-2 (sha256 1e6d8aed480390e7d4ff49b5120bc21ed6ec7e5ab14419cda47dc863a5017bf1), "The
  Speex Codec Manual", version 1.2 Beta 3 of December 8, 2007, by Jean-Marc Valin (Speex, Xiph.org's patent-free CELP
  speech codec for voice over IP and for files, with the libspeex codec library, the libspeexdsp speech processing
  library and the speexenc and speexdec command-line tools): the introduction; the codec description (the concepts:
  sampling rate, bit-rate, quality, complexity, VBR, ABR, VAD, DTX, perceptual enhancement, latency; the codec, the
  preprocessor, the adaptive jitter buffer, the acoustic echo canceller and the resampler); compiling and porting (the
  configure options, the platforms, CPU and memory optimisation); speexenc and speexdec; the codec API (encoding,
  decoding, the speex_*_ctl options, mode queries, packing and in-band signalling); the speech processing API (the
  preprocessor and its options, echo cancellation, the jitter buffer, the resampler); formats and standards (the RTP
  payload, the MIME type, the Ogg file format and its header); an introduction to CELP coding; the narrowband and
  wideband modes with their bit allocations and quality versus bit-rate tables; and the appendices (the sampleenc and
  sampledec sample code, the jitter buffer example, the IETF RTP payload draft, the Speex licence and the GNU FDL 1.1)
  and the index. The package has no HTML. Kept: the PDF of the manual, 65 PDF pages (about 122,400 characters of text
  as pypdf extracts it; the page numbers printed on its pages are the PDF's; PDF page 1 is the title, page 2 the
  copyright, pages 3-4 the contents, page 5 the list of tables, pages 41-59 the Internet-Draft "RTP Payload Format for
  the Speex Codec" (draft-ietf-avt-rtp-speex-01) as Appendix C, pages 61-64 the GNU Free Documentation License 1.1 as
  Appendix E and page 65 the index; the fi and fl ligatures come out as the single characters U+FB01 and U+FB02, about
  270 in all: "file" comes out with U+FB01, and the long options' "--" as an en dash), one file; the package ships it
  gzipped (manual.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the changelogs, copyright
  and doc-base metadata.
- debian-libdbi: libdbi-doc 0.9.0-6 (sha256 e14f7099728fca50b122b023e023941ed6aedebbae2f42296ff7bfee42b5443d), the
  "libdbi Programmer's Guide" (Database Independent Abstraction Layer for C) by David A. Parker and Markus Hoenicka,
  copyright 2001-2013, rendered by the Modular DocBook HTML stylesheets (libdbi, the C library that gives programs one
  API to many database engines through drivers it loads at runtime, like Perl's DBI/DBD): the introduction
  (description, concepts and terminology, modifications and redistribution, contact info); building and installing;
  libdbi in a nutshell (the quick overview with the table of get and bind functions by field type, the generic example
  program, loading libdbi at runtime, multithreaded applications, adding libdbi to a project with autoconf); error
  handling (connection error numbers and messages, the error numbers); transactions and savepoints; library and
  interface versions (package and library versions, libdbi and libdbi-drivers versions, the version at runtime); and
  the API reference (the instance, driver, connection, and SQL and database infrastructure, managing queries, managing
  results, field meta-data, and field data by name and by index). Kept: the guide's HTML, one file per page as the
  package ships it, 29 files in the manual's order (index.html's), about 115,300 characters of text once the tags are
  stripped. Left out: the front page (index.html: the title page, the abstract and the table of contents), the chapter
  pages that are only a table of contents (intro.html, quickstart.html, reference.html), the GNU Free Documentation
  License (copying-fdl.html: Appendix A, not the manual's topic), the same guide as PDF (programmers-guide.pdf.gz: one
  format), the "libdbi Driver Author's Guide" in both formats (driver-guide/, driver-guide.pdf.gz: for the authors of
  database drivers, another reader, one manual per corpus), and the changelogs and copyright.
- debian-libtommath: libtommath-doc 1.2.0-6+deb12u1 (sha256
  e51ede478d61f99aba6e70db2b3270710e4c5564302a3b09c3d1d89b68e2ec65), the "LibTomMath User Manual" for v1.2.0 by LibTom
  Projects (originally Tom St Denis), dated April 4, 2024 in this build (LibTomMath, the public-domain C library of
  multiple-precision integer arithmetic, written to teach "bignum" math and used for cryptography): the introduction
  (what LibTomMath is, the licence, building the static and shared libraries with GCC, MSVC, Cygwin, OpenBSD and
  NetBSD, testing, the build configuration's depends, tweaks and trims, the purpose of LibTomMath against GnuPG's
  math); getting started (building programs, the return codes, the mp_int data type, the function organization,
  initializing and freeing, the maintenance functions); the basic operations (copying, bit counting, small constants,
  comparisons, logical operations, addition and subtraction, sign manipulation, integer division); multiplication and
  squaring with the tuning of the Karatsuba and Toom-Cook cut-offs; modular reduction (straight division, Barrett,
  Montgomery, restricted and unrestricted diminished radix, the combined operations); exponentiation and root finding;
  the integer logarithm; prime numbers (trial division, the Fermat, Miller-Rabin, strong Lucas-Selfridge and
  Frobenius-Underwood tests, the required number of Miller-Rabin rounds, primality testing, the next prime, random
  primes); random number generation; input and output (ASCII and binary conversions, packing); the algebraic functions
  (extended Euclid, GCD, LCM, the Jacobi and Kronecker symbols, the modular square root and inverse, the single-digit
  functions); the little helpers (function macros, renamings, shortcuts); Appendix A (computing the number of
  Miller-Rabin trials with a PARI/GP script) and the index. The package has no HTML. Kept: the PDF of the manual, 74
  PDF pages (about 84,200 characters of text as pypdf extracts it; the page numbers printed on its pages are the PDF's
  less eight; PDF page 1 is the title, page 2 the public-domain notice, pages 3-5 the contents, page 7 the list of
  figures, page 69 the appendices' title page, pages 71-72 Appendix A and pages 73-74 the index; in the running text
  pypdf gives the identifiers' underscores as spaces ("mp init", "MP VAL", "LTM PRIME SAFE") while the prototypes and
  code listings keep them ("mp_init", "MP_OKAY")), one file; the package ships it gzipped (bn.pdf.gz) and it is laid
  out unpacked, with the package's mtime. Left out: the changelogs, NEWS.Debian, copyright and doc-base metadata.
- debian-qhull: libqhull-doc 2020.2-5 (sha256 b11784ef80f7b58804212c45d7219df881f1333d0682320a06dda1754a1434d9), the
  Qhull manual for Qhull 2020.2 by C. Bradford Barber, copyright 1995-2020 (Qhull, the general-dimension programs and
  C/C++ library that compute convex hulls, Delaunay triangulations, halfspace intersections about a point, Voronoi
  diagrams and their furthest-site variants with the Quickhull algorithm, handling floating-point roundoff with merged
  facets, triangulated output or joggled input): the manual's front page (when to use Qhull; its definition, input,
  output, algorithm and data structures; Geomview; what to do if something goes wrong; the references); the FAQ; the
  quick reference; imprecision in Qhull (merged facets or joggled input, the limitations of merged facets); the
  examples; the programs qconvex, qdelaunay, qdelaunay Qu, qhalf, qhull, qvoronoi, qvoronoi Qu and rbox, each with its
  synopsis, input, outputs, controls and options; the options (the output formats, the additional I/O formats, and the
  Geomview, print, Qhull control, precision and trace options); and Qhull code (reentrant Qhull, 64-bit hosts, calling
  Qhull from C++ and C, the error exit codes, debugging, performance and the list of enhancements). The package has no
  PDF. Kept: the manual's HTML, one file per page as the package ships it (.htm), 21 files in the manual's order
  (index.htm's contents), about 395,600 characters of text once the tags are stripped (ASCII). Left out: the download
  page (qh-get.htm: links to the Qhull releases and their sizes, not the manual's text), the Qhull home page one
  folder up (qhull/index.htm: the project's front page of news and links), the reentrant library's function index
  (src/libqhull_r/*.htm: a function list per source file, an API reference for another reader, linking header files
  that only libqhull-dev ships), README.txt, Announce.txt and REGISTER.txt (plain-text notes), a paper as PDF
  (qh_findbestfacet-drielsma.pdf.gz), the C++ interface's XML (qhull-cpp.xml.gz), the images, and the changelogs,
  TODO.Debian, copyright and doc-base metadata.
- debian-secilc: secilc-doc 3.4-1 (sha256 9dcc435bc92b82dd559199fc8cb861aa0d41658269ff353172e4a26fc398e4ef), the "CIL
  Reference Guide" of the SELinux userspace 3.4, built with pandoc and LaTeX on June 4, 2022 (CIL, the SELinux Common
  Intermediate Language: the s-expression policy language between the high-level policy languages and the kernel's
  binary policy that secilc, the SELinux CIL compiler, builds into a binary policy and a file_contexts file): the
  introduction (the design philosophy, the goals and primary features, the design overview); the CIL information
  (notes for policy writers, declarations, definitions, the symbol and string character sets, comments, namespaces and
  the global namespace, expressions, name strings, self); then one section per statement group, each statement with
  its definition, its parameters and examples (often with the kernel policy language equivalent): the access vector
  rules (allow, auditallow, dontaudit, neverallow and their extended-permission allowx forms), call and macro, the
  class and permission statements (common, classcommon, class, classorder, classpermission(set), classmap,
  classmapping, permissionx), the conditional statements (boolean, booleanif, tunable, tunableif), the constraint
  statements, the container statements (block, blockabstract, blockinherit, optional, in), context, the default object
  statements, file labeling (filecon, fsuse, genfscon), the Multi-Level Security labeling statements, network labeling
  (ipaddr, netifcon, nodecon, portcon), the policy configuration statements (mls, handleunknown, policycap), the role,
  SID, type and user statements, the InfiniBand and Xen labeling statements, and an example policy. The guide does not
  document secilc's command line as such: its flags are named only where they change a statement's effect. Kept: the
  PDF of the guide, 109 PDF pages (about 139,300 characters of text as pypdf extracts it; the PDF has no title page,
  pages 1-4 are the contents, the Introduction begins at the foot of page 4, pages 101-109 are the example policy, and
  the page number printed at the foot of each page is the PDF's own; in some long lines pypdf drops the spaces between
  words, and the statement definitions and examples come out as code, one s-expression a line), one file; the package
  ships it gzipped (pdf/CIL_Reference_Guide.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out:
  the same guide as one HTML page (html/CIL_Reference_Guide.html: one format), the changelog, copyright and doc-base
  metadata.
- debian-vmm: vmm-doc 0.7.0-0.1 (sha256 04b5d2fad35930ebada742bb272422aeac6a0d6507238d42888e173527f29ef0), the
  documentation of vmm 0.7.0 (released November 7, 2021) by Pascal Volk, built with Sphinx (vmm, a virtual mail
  manager: the command-line tool, written in Python, with which administrators and postmasters manage the domains,
  alias domains, accounts, aliases, catch-all addresses and relocated users of a Postfix and Dovecot mail server that
  keeps them in PostgreSQL): the front page (what vmm is, the current version, the contacts and the licence); the
  features; downloading and verifying vmm; the installation (the prerequisites and package names per system, the
  system preparation, the PostgreSQL configuration with pg_hba.conf, the database users and set-permissions.py, the
  Dovecot v2 configuration file by file, the Postfix main.cf, installing vmm and the pgsql-*.cf files) with the
  commented configuration file vmm.cfg as the Debian package ships it; upgrading to vmm 0.7.x, 0.6.x and 0.5.x; and
  using vmm (its options, arguments and files, the general subcommands, and managing domains, alias domains, accounts,
  alias addresses, catch-all addresses and relocated users, each subcommand with its syntax, short form, options and
  an example). The package has no PDF. Kept: the manual's HTML, one file per page as the package ships it, 21 files in
  the manual's order (index.html's contents, the configuration file's page after "Installing vmm", which links it),
  those in a subfolder named <folder>-<page>.html, about 72,100 characters of text once the tags are stripped. Left
  out: the two contents-only pages (install.html and upgrade.html: their sub-pages' titles), the release history
  (release_history.html: a table of release dates and download addresses), the set-permissions fragment
  (pgsql_set_permissionspermissions.html: included whole in the PostgreSQL configuration page and the 0.6.x upgrade
  page), two empty include pages (ext_references.html, substitutions.html), the search page, the API reference (api/:
  vmm's Python modules, for another reader), the reST sources, the downloadable vmm.cfg and Dovecot local.conf, and
  the NEWS.Debian, changelogs and copyright.
- debian-bzip2: bzip2-doc 1.0.8-5 (sha256 3222df315ed312f63694b471d80eff42653934459c6751314d861349e0d2037f), "bzip2
  and libbzip2, version 1.0.8: A program and library for data compression" by Julian Seward (13 July 2019; bzip2, the
  Burrows-Wheeler block-sorting file compressor, and libbzip2, its C library): the introduction; how to use bzip2 (a
  copy of the bzip2 manpage: name, synopsis, description, the options, memory management with the table of memory use
  per block size, recovering data from damaged files with bzip2recover, performance notes, caveats and the author);
  programming with libbzip2 (the top-level structure, error handling and the BZ_ return codes, the low-level interface
  BZ2_bzCompressInit to BZ2_bzDecompressEnd, the high-level interface BZ2_bzReadOpen to BZ2_bzWriteClose with embedded
  streams and the standard file-reading and -writing code, the utility functions BZ2_bzBuffToBuffCompress and
  BZ2_bzBuffToBuffDecompress, the zlib compatibility functions, a stdio-free library and critical error handling, and
  a Windows DLL); and the miscellanea (the limitations of the file format, portability, reporting bugs, whether this
  is the right package, further reading). Kept: the PDF of the manual, 38 PDF pages (about 90,200 characters of text as
  pypdf extracts it; pages 1-3 are the title, the licence and the contents, and each chapter opens with its own
  contents; the printed page number is the PDF's less 3; the fi and fl ligatures come out as the single characters
  U+FB01 and U+FB02, so "file" often comes out with U+FB01), one file; the package ships it gzipped
  (manual.pdf.gz) and it is laid out unpacked, with the package's mtime. Left out: the same manual as one HTML page
  (manual.html: one format), PostScript (manual.ps.gz) and Texinfo (manual.texi.gz), and the changelogs and copyright.
- debian-lame: lame-doc 3.100-6 (sha256 d029f2cf122289929c3d9b1db201504e67bccb95a1890509a3f2e4c8a741fbb1), the HTML
  documentation of LAME 3.100 (LAME Ain't an MP3 Encoder, the MPEG Audio Layer III encoder): the index page, about
  LAME, the introduction to encoding (audio compression, bitrate and quality) with its pages on CBR, ABR, VBR and
  mid/side stereo, the usage of the command-line encoder (the common and recommended switches, the Hydrogenaudio
  settings, the codecs' sample frequencies and bitrates) and the detailed command-line switches (every option by
  feature, then each in alphabetical order with its range and default, the presets, the ID3 genres). The package has
  no PDF. Kept: the HTML, one file per page as the package ships it, 9 files in the manual's order (the index page's
  menu, the encoding pages after the introduction that links them), about 54,700 characters of text once the tags are
  stripped. Left out: the version history (history.html: the changes of every release, other versions' facts), the
  coders of LAME and contact pages (contributors.html, contact.html: names and addresses), the links page (links.html:
  software that uses LAME and other sites), list.html (the menu alone), and the changelogs and copyright.
- debian-mpfr: libmpfr-doc 4.2.0-1 (sha256 15495b5a634467d2c038833d4a7552fe9f06b8f9d1e09cb3a01b614350f96a4e), "GNU
  MPFR: The Multiple Precision Floating-Point Reliable Library", edition 4.2.0 (January 2023) by the MPFR team (the C
  library for arbitrary precision floating-point arithmetic with correct rounding): the copying conditions, the
  introduction, installing MPFR (how to install, other make targets, build problems), reporting bugs, the basics
  (headers and libraries, nomenclature and types, variable conventions, rounding modes and the ternary value, values
  on special numbers, exceptions and their flags, memory handling, efficiency), the interface (initialization,
  assignment, conversion, arithmetic, comparison, transcendental, input and output, formatted output, integer and
  remainder, rounding-related, miscellaneous, exception-related and memory handling functions, compatibility with
  MPF, the custom interface, internals), API compatibility (type and macro changes, added, changed and removed
  functions), MPFR and the IEEE 754 standard, the contributors and references, the GNU FDL and the concept and
  function indexes. Kept: the PDF of the manual, 74 PDF pages (about 234,400 characters of text as pypdf extracts it;
  pages 1-4 are the title, the licence and the contents; the printed page number is the PDF's less 4; in the
  function headers pypdf gives the underscores of the types as spaces, "mpfr_rnd_t" comes out as "mpfr rnd t", while
  the running text keeps them), one file; the package ships it gzipped (mpfr.pdf.gz) and it is laid out unpacked,
  with the package's mtime. Left out: the same manual as HTML (mpfr.html/: one format) and Info, the example
  programs, the AUTHORS, BUGS, NEWS, README and TODO files, and the changelogs and copyright.
- debian-httrack: httrack-doc 3.49.4-1 (sha256 3ae4d87cc658671718cca7892e81914e5a73f07b445c988eb03346242706e2c2), the
  HTML documentation of HTTrack Website Copier 3.49 (the offline browser by Xavier Roche and contributors, which
  copies websites to a local directory): the overview, the FAQ and troubleshooting, the WinHTTrack/WebHTTrack guide
  (the step-by-step example, adding URLs, and one page per tab of the option panel: links, limits, flow control,
  scan rules, build, spider, proxy, browser ID, log, index and cache, expert options, MIME types), Fred Cohen's users
  guide to every command-line option, the command-line version and its option list, the filters (scan rules), the
  httrack(1) manpage, the developer pages (scripting, the plugin callbacks of the library, the library, the cache
  format) and the advice and abuse FAQ for webmasters. The package has no PDF. Kept: the HTML, one file per page as
  the package ships it, 32 files in the manual's order (index.html's menu and the pages each links, then the
  reference pages no page links: the command-line pages, the filters and the manpage), about 221,700 characters of
  text once the tags are stripped. Left out: the front page (index.html: the menu), the option panel's page
  (step9.html: a clickable image alone), start.html (a script that opens the front page), the callbacks of releases
  3.30 to 3.40 (plug_330.html: other versions' facts), the contact page (contact.html: addresses), the version
  history, licence and greetings (history.txt, license.txt, greetings.txt), the search script, the images, and the
  changelogs and copyright.
- debian-reportlab: python-reportlab-doc 3.6.12-1+deb12u1 (sha256
  f7d27c209eb0c2063b604f34414681d0694a83280aa1668f0bccc685f607131c), the "ReportLab PDF Library User Guide" for
  ReportLab version 3.6.12 by the ReportLab team (the Python library that writes PDF documents and draws charts): the
  introduction (what the library is, installation, getting involved, site configuration with rl_config, the goals of
  the 3.x series); graphics and text with pdfgen (the canvas and its constructor arguments, the draw and state change
  operations, coordinates, colours, colour space checking and overprinting, the standard fonts and text objects,
  paths and lines, shapes and Bezier curves); fonts and encodings (Unicode input, automatic font substitution, Type 1
  fonts, the single-byte encodings, TrueType and Asian fonts, the renderPM tests); PDF's special capabilities (forms,
  links and destinations, outline trees, page transitions, document info, encryption, interactive forms); Platypus
  (design goals, flowables, frames, documents and templates); paragraphs (styles, the XML markup tags, intra-paragraph
  markup, bullets and numbering); tables and their styles; programming flowables (DocAssign to DocWhile); the other
  useful flowables (Preformatted to BalancedColumns); writing your own flowables; the graphics library (drawings,
  charts, labels, axes, bar and line charts, line plots, pie charts, legends, shapes, widgets); and the demos. Kept:
  the PDF of the manual, 134 PDF pages (about 277,400 characters of text as pypdf extracts it; pages 1-5 are the title
  and the contents; the printed page number is the PDF's; the code charts of the encodings and the text of the demo
  drawings come out as runs of single glyphs and words), one file, as the package ships it. Left out: the API
  reference as HTML (html/: another document, built by Sphinx from the docstrings), the example scripts (examples/),
  the PythonPoint demos (pythonpoint-demos/), and the changelogs and copyright.
- debian-markdown: python-markdown-doc 3.4.1-2+deb12u1 (sha256
  7d4a70ccbf465dcb2a6aaad68f1b843a60ad4f85b7174ef8606766337e9647bb), the HTML documentation of Python-Markdown 3.4.1
  (the Python implementation of John Gruber's Markdown, rendered by MkDocs): the front page (goals, features and the
  differences from the reference implementation), installation, the library reference (markdown.markdown and its
  keywords, markdown.markdownFromFile, the Markdown class), the command line, the extensions' index and one page per
  officially supported extension (abbreviations, admonition, attribute lists, CodeHilite, definition lists, extra,
  fenced code blocks, footnotes, legacy attributes, legacy emphasis, meta-data, new line to break, Markdown in HTML,
  sane lists, SmartyPants, table of contents, tables, WikiLinks), the extension API (the processors of each phase,
  the ElementTree, registering extensions, configuration settings, naming, the registries), the test tools and the
  contributors' guide (issues, pull requests, the style guides, the development environment, versions, the release
  process, the labels). The package has no PDF. Kept: the HTML, one file per page as the package ships it, 26 files
  in the manual's order (sitemap.html's), those in a subfolder laid out flat as <folder>-<page>.html
  (extensions/toc.html as extensions-toc.html), about 156,400 characters of text once the tags are stripped. Left
  out: the change log (change_log/: the release notes of every version, other versions' facts), the authors page
  (authors.html: names), the site map, search and 404 pages (sitemap.html, search.html, 404.html: a menu or no
  text), the search index, the stylesheets and scripts, and the changelogs, copyright and doc-base metadata.
Layout:

    bench/.cache/heldout/debian-edu/corpus/debian-edu-bookworm-manual.pdf
    bench/.cache/heldout/debian-reference/corpus/<chapter>.en.html
    bench/.cache/heldout/debian-harden/corpus/<page>.html
    bench/.cache/heldout/debian-firehol/corpus/firehol-manual.pdf
    bench/.cache/heldout/debian-krb5/corpus/krb5-admin-guide.pdf
    bench/.cache/heldout/debian-knot/corpus/<chapter or manpage>.html
    bench/.cache/heldout/debian-drbd/corpus/drbd-users-guide.pdf
    bench/.cache/heldout/debian-borg/corpus/<page>.html or <folder>-<page>.html
    bench/.cache/heldout/debian-nut/corpus/nut-user-manual.pdf
    bench/.cache/heldout/debian-frr/corpus/<page>.html
    bench/.cache/heldout/debian-openafs/corpus/openafs-quick-start-unix.pdf
    bench/.cache/heldout/debian-aptitude/corpus/<chapter or section or manpage>.html
    bench/.cache/heldout/debian-dibbler/corpus/dibbler-users-guide.pdf
    bench/.cache/heldout/debian-varnish/corpus/<folder>-<page>.html
    bench/.cache/heldout/debian-bird/corpus/bird-users-guide.pdf
    bench/.cache/heldout/debian-supervisor/corpus/<page>.html
    bench/.cache/heldout/debian-yaws/corpus/yaws-manual.pdf
    bench/.cache/heldout/debian-h2o/corpus/<page>.html or configure-<page>.html
    bench/.cache/heldout/debian-bacula/corpus/bacula-problem-resolution-guide.pdf
    bench/.cache/heldout/debian-pam/corpus/sag-<chapter, section or module>.html
    bench/.cache/heldout/debian-gutenprint/corpus/gutenprint-users-manual.pdf
    bench/.cache/heldout/debian-cockpit/corpus/<page>.html
    bench/.cache/heldout/debian-sdcc/corpus/sdcc-compiler-user-guide.pdf
    bench/.cache/heldout/debian-putty/corpus/Chapter<n>.html or Appendix<letter>.html
    bench/.cache/heldout/debian-gputils/corpus/gputils-manual.pdf
    bench/.cache/heldout/debian-avrdude/corpus/avrdude_<n>.html
    bench/.cache/heldout/debian-dblatex/corpus/dblatex-manual.pdf
    bench/.cache/heldout/debian-nextcloud/corpus/<page>.html
    bench/.cache/heldout/debian-gprolog/corpus/gprolog-manual.pdf
    bench/.cache/heldout/debian-lmod/corpus/<nnn>_<page>.html
    bench/.cache/heldout/debian-bash/corpus/bash-reference-manual.pdf
    bench/.cache/heldout/debian-ntpsec/corpus/<page>.html
    bench/.cache/heldout/debian-asymptote/corpus/asymptote-manual.pdf
    bench/.cache/heldout/debian-gammu/corpus/<folder>-<page>.html or glossary.html
    bench/.cache/heldout/debian-flex/corpus/flex-manual.pdf
    bench/.cache/heldout/debian-cc65/corpus/<page>.html
    bench/.cache/heldout/debian-glpk/corpus/glpk-reference-manual.pdf
    bench/.cache/heldout/debian-graphviz/corpus/info-<page>.html or <page>.html
    bench/.cache/heldout/debian-gpsbabel/corpus/gpsbabel-manual.pdf
    bench/.cache/heldout/debian-bochs/corpus/<page>.html
    bench/.cache/heldout/debian-gnuplot/corpus/gnuplot-manual.pdf
    bench/.cache/heldout/debian-doxygen/corpus/<page>.html
    bench/.cache/heldout/debian-yosys/corpus/yosys-manual.pdf
    bench/.cache/heldout/debian-aspell/corpus/<node>.html
    bench/.cache/heldout/debian-hmmer/corpus/hmmer-users-guide.pdf
    bench/.cache/heldout/debian-m4/corpus/<node>.html
    bench/.cache/heldout/debian-mailfromd/corpus/mailfromd-manual.pdf
    bench/.cache/heldout/debian-libgcrypt/corpus/<node>.html
    bench/.cache/heldout/debian-debmake/corpus/debmake-guide.pdf
    bench/.cache/heldout/debian-fftw/corpus/<node>.html
    bench/.cache/heldout/debian-gri/corpus/gri-manual.pdf
    bench/.cache/heldout/debian-gettext/corpus/gettext_<n>.html or gettext_fot.html
    bench/.cache/heldout/debian-mrbayes/corpus/mrbayes-manual.pdf
    bench/.cache/heldout/debian-yara/corpus/<page>.html or modules-<module>.html
    bench/.cache/heldout/debian-form/corpus/form-reference-manual.pdf
    bench/.cache/heldout/debian-charliecloud/corpus/<page>.html
    bench/.cache/heldout/debian-gprbuild/corpus/gpr-tools-guide.pdf
    bench/.cache/heldout/debian-patroni/corpus/<page>.html
    bench/.cache/heldout/debian-yodl/corpus/yodl-manual.pdf
    bench/.cache/heldout/debian-elinks/corpus/elinks-manual.html
    bench/.cache/heldout/debian-ne/corpus/ne-manual.pdf
    bench/.cache/heldout/debian-nsis/corpus/Chapter<n>.html or Appendix<letter>.html
    bench/.cache/heldout/debian-gpsim/corpus/gpsim-manual.pdf
    bench/.cache/heldout/debian-pelican/corpus/<page>.html
    bench/.cache/heldout/debian-infernal/corpus/infernal-users-guide.pdf
    bench/.cache/heldout/debian-ocrmypdf/corpus/<page>.html
    bench/.cache/heldout/debian-latex2rtf/corpus/latex2rtf-manual.pdf
    bench/.cache/heldout/debian-stealth/corpus/stealth<nn>.html
    bench/.cache/heldout/debian-lifelines/corpus/lifelines-users-guide.pdf
    bench/.cache/heldout/debian-omake/corpus/<page>.html
    bench/.cache/heldout/debian-coco/corpus/coco-user-manual.pdf
    bench/.cache/heldout/debian-doit/corpus/<page>.html
    bench/.cache/heldout/debian-menhir/corpus/menhir-reference-manual.pdf
    bench/.cache/heldout/debian-fastd/corpus/<folder>-<page>.html
    bench/.cache/heldout/debian-fasta/corpus/fasta-guide.pdf
    bench/.cache/heldout/debian-csvkit/corpus/<page>.html or <folder>-<page>.html
    bench/.cache/heldout/debian-camlidl/corpus/camlidl-users-manual.pdf
    bench/.cache/heldout/debian-kernel/corpus/ch-<chapter>.html
    bench/.cache/heldout/debian-music/corpus/music-users-manual.pdf
    bench/.cache/heldout/debian-the/corpus/<page>.html
    bench/.cache/heldout/debian-backup-manager/corpus/backup-manager-user-guide.pdf
    bench/.cache/heldout/debian-vdirsyncer/corpus/<page>.html or tutorials-<page>.html
    bench/.cache/heldout/debian-fai/corpus/fai-guide.pdf
    bench/.cache/heldout/debian-coverage/corpus/<page>.html
    bench/.cache/heldout/debian-libconfig/corpus/libconfig.pdf
    bench/.cache/heldout/debian-prover9/corpus/<page>.html
    bench/.cache/heldout/debian-nauty/corpus/nug28.pdf
    bench/.cache/heldout/debian-python-ldap/corpus/<page>.html or reference-<page>.html
    bench/.cache/heldout/debian-libtasn1/corpus/libtasn1.pdf
    bench/.cache/heldout/debian-execline/corpus/<page>.html
    bench/.cache/heldout/debian-speex/corpus/speex-manual.pdf
    bench/.cache/heldout/debian-libdbi/corpus/<page>.html
    bench/.cache/heldout/debian-libtommath/corpus/bn.pdf
    bench/.cache/heldout/debian-qhull/corpus/<page>.htm
    bench/.cache/heldout/debian-secilc/corpus/CIL_Reference_Guide.pdf
    bench/.cache/heldout/debian-vmm/corpus/<page>.html or <folder>-<page>.html
    bench/.cache/heldout/debian-bzip2/corpus/bzip2-manual.pdf
    bench/.cache/heldout/debian-lame/corpus/<page>.html
    bench/.cache/heldout/debian-mpfr/corpus/mpfr-manual.pdf
    bench/.cache/heldout/debian-httrack/corpus/<page>.html
    bench/.cache/heldout/debian-reportlab/corpus/reportlab-userguide.pdf
    bench/.cache/heldout/debian-markdown/corpus/<page>.html or <folder>-<page>.html

Questions: corpora/heldout-debian-edu-questions.jsonl, corpora/heldout-debian-reference-questions.jsonl,
corpora/heldout-debian-harden-questions.jsonl, corpora/heldout-debian-firehol-questions.jsonl,
corpora/heldout-debian-krb5-questions.jsonl, corpora/heldout-debian-knot-questions.jsonl,
corpora/heldout-debian-drbd-questions.jsonl, corpora/heldout-debian-borg-questions.jsonl,
corpora/heldout-debian-nut-questions.jsonl, corpora/heldout-debian-frr-questions.jsonl,
corpora/heldout-debian-openafs-questions.jsonl, corpora/heldout-debian-aptitude-questions.jsonl,
corpora/heldout-debian-dibbler-questions.jsonl, corpora/heldout-debian-varnish-questions.jsonl,
corpora/heldout-debian-bird-questions.jsonl, corpora/heldout-debian-supervisor-questions.jsonl,
corpora/heldout-debian-yaws-questions.jsonl, corpora/heldout-debian-h2o-questions.jsonl,
corpora/heldout-debian-bacula-questions.jsonl, corpora/heldout-debian-pam-questions.jsonl,
corpora/heldout-debian-gutenprint-questions.jsonl, corpora/heldout-debian-cockpit-questions.jsonl,
corpora/heldout-debian-sdcc-questions.jsonl, corpora/heldout-debian-putty-questions.jsonl,
corpora/heldout-debian-gputils-questions.jsonl, corpora/heldout-debian-avrdude-questions.jsonl,
corpora/heldout-debian-dblatex-questions.jsonl, corpora/heldout-debian-nextcloud-questions.jsonl,
corpora/heldout-debian-gprolog-questions.jsonl, corpora/heldout-debian-lmod-questions.jsonl,
corpora/heldout-debian-bash-questions.jsonl, corpora/heldout-debian-ntpsec-questions.jsonl,
corpora/heldout-debian-asymptote-questions.jsonl, corpora/heldout-debian-gammu-questions.jsonl,
corpora/heldout-debian-flex-questions.jsonl, corpora/heldout-debian-cc65-questions.jsonl,
corpora/heldout-debian-glpk-questions.jsonl, corpora/heldout-debian-graphviz-questions.jsonl,
corpora/heldout-debian-gpsbabel-questions.jsonl, corpora/heldout-debian-bochs-questions.jsonl,
corpora/heldout-debian-gnuplot-questions.jsonl, corpora/heldout-debian-doxygen-questions.jsonl,
corpora/heldout-debian-yosys-questions.jsonl, corpora/heldout-debian-aspell-questions.jsonl,
corpora/heldout-debian-hmmer-questions.jsonl, corpora/heldout-debian-m4-questions.jsonl,
corpora/heldout-debian-mailfromd-questions.jsonl, corpora/heldout-debian-libgcrypt-questions.jsonl,
corpora/heldout-debian-debmake-questions.jsonl, corpora/heldout-debian-fftw-questions.jsonl,
corpora/heldout-debian-gri-questions.jsonl, corpora/heldout-debian-gettext-questions.jsonl,
corpora/heldout-debian-mrbayes-questions.jsonl, corpora/heldout-debian-yara-questions.jsonl,
corpora/heldout-debian-form-questions.jsonl, corpora/heldout-debian-charliecloud-questions.jsonl,
corpora/heldout-debian-gprbuild-questions.jsonl, corpora/heldout-debian-patroni-questions.jsonl,
corpora/heldout-debian-yodl-questions.jsonl, corpora/heldout-debian-elinks-questions.jsonl,
corpora/heldout-debian-ne-questions.jsonl, corpora/heldout-debian-nsis-questions.jsonl,
corpora/heldout-debian-gpsim-questions.jsonl, corpora/heldout-debian-pelican-questions.jsonl,
corpora/heldout-debian-infernal-questions.jsonl, corpora/heldout-debian-ocrmypdf-questions.jsonl,
corpora/heldout-debian-latex2rtf-questions.jsonl, corpora/heldout-debian-stealth-questions.jsonl,
corpora/heldout-debian-lifelines-questions.jsonl, corpora/heldout-debian-omake-questions.jsonl,
corpora/heldout-debian-coco-questions.jsonl, corpora/heldout-debian-doit-questions.jsonl,
corpora/heldout-debian-menhir-questions.jsonl, corpora/heldout-debian-fastd-questions.jsonl,
corpora/heldout-debian-fasta-questions.jsonl, corpora/heldout-debian-csvkit-questions.jsonl,
corpora/heldout-debian-camlidl-questions.jsonl, corpora/heldout-debian-kernel-questions.jsonl,
corpora/heldout-debian-music-questions.jsonl, corpora/heldout-debian-the-questions.jsonl,
corpora/heldout-debian-backup-manager-questions.jsonl, corpora/heldout-debian-vdirsyncer-questions.jsonl,
corpora/heldout-debian-fai-questions.jsonl, corpora/heldout-debian-coverage-questions.jsonl,
corpora/heldout-debian-libconfig-questions.jsonl, corpora/heldout-debian-prover9-questions.jsonl,
corpora/heldout-debian-nauty-questions.jsonl, corpora/heldout-debian-python-ldap-questions.jsonl,
corpora/heldout-debian-libtasn1-questions.jsonl, corpora/heldout-debian-execline-questions.jsonl,
corpora/heldout-debian-speex-questions.jsonl, corpora/heldout-debian-libdbi-questions.jsonl,
corpora/heldout-debian-libtommath-questions.jsonl, corpora/heldout-debian-qhull-questions.jsonl,
corpora/heldout-debian-secilc-questions.jsonl, corpora/heldout-debian-vmm-questions.jsonl,
corpora/heldout-debian-bzip2-questions.jsonl, corpora/heldout-debian-lame-questions.jsonl,
corpora/heldout-debian-mpfr-questions.jsonl, corpora/heldout-debian-httrack-questions.jsonl,
corpora/heldout-debian-reportlab-questions.jsonl and corpora/heldout-debian-markdown-questions.jsonl, 30 each
(8 paraphrase and 8 identifier questions in English, 6 cross-lingual, 8 near-miss of which 2 in
Chinese), written by hand from the manuals' text
and kept out of any tuning so the sets stay held out.
The format is that of corpora/debian-faq-questions.jsonl: gold_sources are file names relative to
the corpus folder; gold_pages are the PDF's 1-based page numbers (empty for HTML). "evidence" holds
1-2 short verbatim phrases of the answer that this script verifies: each phrase must be on a gold
page (PDF; compared with all whitespace removed and case ignored, as pypdf's word spacing is not
reliable) or in a gold file (HTML; tags stripped, whitespace collapsed, case ignored, typographic
quotes made plain), and every gold page and gold file must hold one. "answer_keywords" (1-3 short
strings, "a|b" for either) are what a correct answer must contain; each must be in an evidence
phrase. "kind" is "paraphrase" (the question words the passage differently), "identifier" (it turns
on a command, option, path, package or setting), "cross-lingual" (a Simplified Chinese question on
an English passage; its keywords are identifiers or numbers that stay the same in a Chinese answer)
or "near-miss" (answerable false: a plausible question sharing vocabulary with real passages whose
answer the manual does not give). Standard library only, but for pypdf (in .venv) to read the PDF.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from debian_faq import html_text, normalize  # bench/ is on sys.path when run as a script
from debian_manual import fetch_deb, squash

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Corpus:
    package: str
    version: str
    sha256: str
    files: dict[str, str]  # corpus name: path inside the .deb


REFERENCE_CHAPTERS = ["pr01", *(f"ch{n:02d}" for n in range(1, 13)), "apa"]  # in the manual's order
HARDEN_PAGES = [  # in the manual's order (index.html's); each is a chapter or a section of one
    "intro", "ch01s03", "references", "ch01s05", "credits",  # 1
    "ch02", "securityreferences", "ch02s03",  # 2
    "ch03", "ch03s02", "ch03s03", "ch03s04", "ch03s05", "ch03s06", "ch03s07",  # 3
    "ch04", "security-update", "bios-boot", "lilo-passwd", "kernel-initramfs-prompt", "kernel-root-prompt",  # 4
    "restrict-console-login", "restrict-reboots", "restrict-sysrq", "ch04s10", "ch04s11", "tcpwrappers",
    "log-alerts", "kernel-patches", "ch04s15", "ch04s16", "ch04s17", "network-secure", "snapshot", "ch04s20",
    "sec-services", "ch05s02", "ftp-secure", "ch05s04", "ch05s05", "ch05s06", "sec-bind", "ch05s08",  # 5
    "ch05s09", "chroot", "ch05s11", "ch05s12", "rpc", "firewall-setup",
    "automatic-harden", "ch06s02",  # 6
    "ch07", "dsa", "ch07s03", "ch07s04", "deb-pack-sign",  # 7
    "sec-tools", "ch08s02", "ch08s03", "ch08s04", "vpn", "ch08s06", "ch08s07", "ch08s08", "gpg-agent",  # 8
    "ch09", "bpp-lower-privs",  # 9
    "ch10", "periodic-integrity", "intrusion-detect", "ch10s04", "ch10s05",  # 10
    "after-compromise", "ch11s02", "ch11s03", "ch11s04", "ch11s05",  # 11
    "ch12", "ch12s02", "debian-sec-team-faq",  # 12
    "apb", "checklist", "snort-box", "bridge-fw", "bind-chuser", "fw-security-update", "chroot-ssh-env",  # B
]
KNOT_PAGES = [  # in the manual's order (index.html's): a file per chapter, the Utilities chapter's manpages one each
    "introduction", "requirements", "installation", "configuration", "operation", "troubleshooting", "reference",
    "modules",
    *(f"man_{u}" for u in ("knotd", "knotc", "keymgr", "kjournalprint", "kcatalogprint", "kzonecheck", "kzonesign",
                           "kdig", "khost", "knsec3hash", "knsupdate", "kxdpgun")),
    "migration", "appendices",
]
BORG_PAGES = [  # in the manual's order (index.html's): a file per page; those in a subfolder are named <folder>-<page>
    "introduction", "installation", "quickstart",
    *(f"usage/{u}" for u in ("general", "init", "create", "extract", "check", "rename", "list", "diff", "delete", "prune",
                             "compact", "info", "mount", "key", "upgrade", "recreate", "tar", "serve", "config", "lock",
                             "benchmark", "help", "debug", "notes")),
    *(f"deployment/{d}" for d in ("central-backup-server", "hosting-repositories", "automated-local", "image-backup",
                                  "pull-backup")),
    "faq", "support", "internals", "internals/security", "internals/data-structures", "internals/frontends",
]
FRR_PAGES = [  # in the manual's order (index.html's): a file per page
    "overview", "installation", "setup",  # introduction
    "basic", "extlog", "vtysh", "grpc", "filter", "routemap", "ipv6", "kernel", "snmp", "scripting",  # basics
    "zebra", "bfd", "bgp", "babeld", "fabricd", "ldpd", "eigrpd", "isisd", "nhrpd", "ospfd", "ospf6d", "pathd",  # protocols
    "pim", "pimv6", "pbr", "ripd", "ripngd", "sharp", "static", "vnc", "vrrp", "bmp", "watchfrr",
    "bugs", "packet-dumps", "glossary", "frr-reload",  # appendix
]
APTITUDE_PAGES = [  # in the manual's order: a file per chapter or section, then the three manpages
    "pr01", "pr01s01", "pr01s02", "pr01s03", "pr01s04", "pr01s04s01", "pr01s04s02", "pr01s04s03",  # introduction
    "ch01", "ch01s01", *(f"ch01s01s{n:02d}" for n in range(1, 6)), "ch01s02",  # 1 getting started
    "ch02",  # 2 reference guide
    "ch02s01", *(f"ch02s01s{n:02d}" for n in range(1, 5)),
    "ch02s02", *(f"ch02s02s{n:02d}" for n in range(1, 7)),
    "ch02s03", *(f"ch02s03s{n:02d}" for n in range(1, 6)),
    "ch02s04", *(f"ch02s04s{n:02d}" for n in range(1, 6)),
    "ch02s05", *(f"ch02s05s{n:02d}" for n in range(1, 7)),
    "ch02s06",
    "ch03", "ch04",  # 3 FAQ, 4 credits
    "rn01re01", "rn01re02", "rn01re03",  # command-line reference: aptitude(8) and the state-bundle scripts
]
VARNISH_PAGES = [  # in the manual's order (the index pages'): a file per page, laid out as <folder>-<page>
    *(f"tutorial/{t}" for t in ("introduction", "starting_varnish", "putting_varnish_on_port_80", "backend_servers",
                                "peculiarities")),
    *(f"users-guide/{u}" for u in ("intro", "run_security", "command-line", "run_cli", "storage-backends", "params",
                                   "sizing-your-cache", "vcl", "vcl-syntax", "vcl-built-in-subs", "vcl-built-in-code",
                                   "vcl-variables", "vcl-actions", "vcl-backends", "vcl-hashing", "vcl-grace",
                                   "vcl-separate", "vcl-inline-c", "vcl-example-manipulating-headers",
                                   "vcl-example-manipulating-responses", "vcl-example-acls", "vcl-example-websockets",
                                   "devicedetection", "operation-logging", "operation-statistics",
                                   "increasing-your-hitrate", "purging", "compression", "esi", "troubleshooting")),
    *(f"reference/{r}" for r in ("vcl", "vcl-var", "vcl-backend", "vcl-probe", "states", "vmod_blob", "vmod_cookie",
                                 "vmod_directors", "vmod_proxy", "vmod_purge", "vmod_std", "vmod_unix", "varnishadm",
                                 "varnish-cli", "vsl", "vsl-query", "varnishlog", "varnishncsa", "varnishhist",
                                 "varnishtop", "varnish-counters", "varnishstat", "varnishd", "vtc", "varnishtest",
                                 "vmod_vtc", "shell_tricks", "vmod", "vsm", "directors", "cli_protocol", "vtla")),
]
SUPERVISOR_PAGES = [  # in the manual's order (index.html's): a file per page
    "introduction", "installing", "running", "configuration", "subprocess", "logging", "events", "xmlrpc", "faq",
    "glossary", "api", "plugins",
]
H2O_PAGES = [  # in the manual's order (the top menu's, then configure.html's): a file per page, <folder>-<page> flat
    "install",
    *(f"configure/{c}" for c in ("quick_start", "command_options", "syntax_and_structure", "base_directives",
                                 "http1_directives", "http2_directives", "access_log_directives",
                                 "compress_directives", "errordoc_directives", "expires_directives",
                                 "fastcgi_directives", "file_directives", "headers_directives", "mruby_directives",
                                 "proxy_directives", "redirect_directives", "reproxy_directives", "status_directives",
                                 "throttle_response_directives", "basic_auth", "cgi", "mruby", "dos_detection",
                                 "access_control")),
    "faq", "benchmarks",
]
PAM_PAGES = [  # in the manual's order (Linux-PAM_SAG.html's): a file per chapter or section, one per module
    "sag-introduction", "sag-text-conventions", "sag-overview",  # 1-3
    "sag-configuration", "sag-configuration-file", "sag-configuration-directory", "sag-configuration-example",  # 4
    "sag-security-issues-wrong", "sag-security-issues-other",  # 5
    *(f"sag-pam_{m}" for m in ("access", "debug", "deny", "echo", "env", "exec", "faildelay", "filter", "ftp", "group",
                               "issue", "keyinit", "lastlog", "limits", "listfile", "localuser", "loginuid", "mail",
                               "mkhomedir", "motd", "namespace", "nologin", "permit", "pwhistory", "rhosts", "rootok",
                               "securetty", "selinux", "shells", "succeed_if", "time", "timestamp", "umask", "unix",
                               "userdb", "warn", "wheel", "xauth")),  # 6
    "sag-author",  # 8
]
COCKPIT_PAGES = [  # in the manual's order (index.html's): a file per page
    "cockpit.conf.5", "cockpit-ws.8", "cockpit-tls.8", "cockpit-desktop.1", "cockpit-bridge.1",  # I deployment
    "https", "listen", "startup", "authentication", "sso", "cert-authentication", "privileges",
    *(f"feature-{f}" for f in ("systemd", "journal", "networkmanager", "firewall", "storaged", "users", "realmd",
                               "terminal", "pcp", "machines", "selinux", "tuned", "sosreport", "packagekit")),  # II
    "embedding", "packages", "urls",  # III developer guide
    "api-base1", "api-cockpit",
    *(f"cockpit-{c}" for c in ("dbus", "file", "http", "spawn", "metrics", "series-data", "channels", "location",
                               "locale", "error", "login", "util", "cache", "manifest")),
    "api-shell", "api-shell-html", "api-system", "api-logs-html", "api-terminal-html",
]
PUTTY_PAGES = [  # in the manual's order (index.html's): a file per chapter or appendix
    *(f"Chapter{n}" for n in range(1, 11)),  # 1-10
    "AppendixA", "AppendixB", "AppendixC", "AppendixF", "AppendixG", "AppendixH",  # A-C, F-H (not D licence, E hacking)
]
AVRDUDE_PAGES = [  # in the manual's order (the numbering's): a file per node, less those that only list their sections
    f"avrdude_{n}" for n in range(1, 41) if n not in (3, 17, 21, 22, 31, 33, 36)
]
NEXTCLOUD_PAGES = [  # in the manual's order (index.html's): a file per page
    "introduction", "installing", "visualtour", "navigating", "conflicts", "advancedusage", "autoupdate",
    "building", "architecture", "troubleshooting", "faq", "glossary",  # building to troubleshooting: appendices A-C
]
LMOD_PAGES = [  # in the manual's order (index.html's): a file per page
    "010_user", "015_writing_modules", "040_FAQ", "020_advanced", "025_new", "030_installing", "045_transition",
    "050_lua_modulefiles", "051_tcl_modulefiles", "052_Environment_Variables", "055_module_names", "060_locating",
    "070_standard_modules", "073_tmod_to_lmod", "075_bug_reporting", "077_ref_counting", "080_hierarchy",
    "090_configuring_lmod", "093_modulerc", "095_tcl2lua", "098_dependent_modules", "100_modulefile_examples",
    "110_lmod_mpi_parallel_filesystem", "120_shared_home_directories", "125_personal_spider_cache", "130_spider_cache",
    "135_module_spider", "136_spider", "140_deprecating_modules", "145_properties", "160_debugging_modulefiles",
    "170_hooks", "185_localization", "190_Integration_of_EasyBuild_and_Lmod", "200_avail_custom", "210_load_storms",
    "220_tracing", "240_sticky_modules", "250_site_package", "260_sh_to_modulefile", "300_tracking_module_usage",
    "310_settarg", "320_improving_perf", "330_extensions", "340_inherit", "350_community",
]
NTPSEC_PAGES = [  # in the manual's order (index.html's, the site map's, then refclock.html's drivers and their links)
    "ntpspeak", "ntpsec", "standards",  # introduction
    "quick", "NTS-QuickStart", "assoc", "discover", "access", "authentic", "rate", "refclock", "warp",  # the handbook
    "outside-tools", "build",
    *(f"ntp{m}" for m in ("_conf", "_keys", "d", "dig", "frob", "keygen", "leapfetch", "loggps", "logtemp", "mon", "q",
                          "snmpd", "sweep", "time", "trace", "viz", "wait")),  # the manual pages
    "debug", "rdebug", "bugs", "history",
    "extern", "driver_howto", "generic_howto",  # the site map's: reference clock support
    "decode", "kern", "msyslog", "kernpps", "pps",  # miscellaneous pages
    "prefer", "orphan", "huffpuff", "filter", "select", "cluster", "discipline", "poll", "clock", "leap", "leapsmear",
    "rollover",  # special topics
    *(f"driver_{d}" for d in ("local", "pps", "spectracom", "truetime", "generic", "arbiter", "modem", "nmea", "hpgps",
                              "shm", "trimble", "oncore", "jjy", "zyfer", "gpsd")),  # refclock.html's drivers
    "parsedata", "oncore-shmem", "tf582_4", "stats", "mode6",  # linked from the driver and handbook pages
]
GAMMU_PAGES = [  # in the manual's order (contents.html's): a file per page, laid out flat as <folder>-<page>
    "project/install", "quick/index",
    *(f"faq/{f}" for f in ("general", "config", "phone", "smsd", "python")),
    *(f"formats/{f}" for f in ("ini", "smsbackup", "backup")),
    "config/index", "gammu/index",
    *(f"smsd/{s}" for s in ("overview", "usage", "smsd", "inject", "monitor", "config", "run", "files", "sql", "mysql",
                            "pgsql", "dbi", "odbc", "null", "tables")),
    *(f"utils/{u}" for u in ("gammu-detect", "gammu-config", "jadmaker")),
    "glossary",
]
CC65_PAGES = [  # in the manual's order (index.html's): programs, usage, libraries, then the platforms
    "ar65", "ca65", "cc65", "chrcvt65", "cl65", "co65", "da65", "grc65", "ld65", "od65", "sim65", "sp65",
    "intro", "coding", "cc65-intern", "using-make", "customizing", "debugging",
    "funcref", "dio", "tgi", "geos", "library", "smc",
    "apple2", "apple2enh", "atari", "atari2600", "atari5200", "atmos", "c128", "c16", "c64", "cbm510", "cbm610",
    "creativision", "cx16", "gamate", "lynx", "nes", "osi", "pce", "pet", "plus4", "supervision", "telestrat", "vic20",
]
GRAPHVIZ_PAGES = [  # in the manual's order (index.html's, info/index.html's): the reference, then the other pages
    *(f"info/{p}" for p in ("lang", "command", "output", "attrs", "arrows", "shapes", "colors")),
    "FAQ", "build", "tcldot",
]
BOCHS_PAGES = [  # in the manual's order (user/index.html's): a file per section
    "introduction", "who-uses-bochs", "is-bochs-right-for-me", "will-it-work-for-me", "thirdparty", "features",  # 1
    "supported-platforms", "faq",
    "installation", "get-src-svn", "install-binary", "compiling",  # 3
    "setup", "rom-images", "bochsrc", "keymap",  # 4
    "using-bochs", "search-order", "textconfig", "cpu-models", "using-save-restore", "using-sound",  # 5
    "common-problems", "mouse-toggle", "textmode-problems",  # 6
    "feedback-support", "mailinglist",  # 7
    "internal-debugger", "debugger-gui",  # 8
    "howto", "diskimagehowto", "mtools", "bochs-linux-disktools", "winimage", "xcolormap", "screensaver",  # 9
    "loop-device-usage", "smp", "dlxlinux-networking", "config-tuntap", "using-slirp", "using-socket",
    "debugging-with-gdb", "serial-port", "bios-tips", "enter-special-keys", "vesa-notes", "cirrus-notes",
    "voodoo-notes", "harddisk-modes", "using-bximage",
    "guests", "guest-freebsd", "guest-dos", "guest-winnt4", "guest-win2k", "guest-winxp", "guest-win7",  # 10
    "guest-osr5",
]
DOXYGEN_PAGES = [  # in the manual's order (pages.html's): a file per page, the introduction (index.html) first
    "index", "install", "starting", "docblocks", "markdown", "lists", "grouping", "formulas", "tables",  # user manual
    "diagrams", "preprocessing", "autolink", "output", "searching", "extsearch", "customize", "custcmd", "external",
    "faq", "trouble",
    "features", "doxygen_usage", "doxywizard_usage", "config", "commands", "htmlcmds", "xmlcmds",  # reference manual
    "emojisup",
    "langhowto", "perlmod", "arch",  # developers manual
]
ASPELL_PAGES = [  # in the manual's order (aspell.html/index.html's): a file per node
    "Introduction", "Support", "Basic-Usage", "Spellchecking-Individual-Files",
    "Using-Aspell-as-a-Replacement-for-Ispell", "Using-Aspell-with-other-Applications",
    "Customizing-Aspell", "Specifying-Options", "The-Options", "Dumping-Configuration-Values",  # 4 customizing
    "Notes-on-Various-Options", "Notes-on-Various-Filters-and-Filter-Modes", "Notes-on-the-Prefix-Option",
    "Notes-on-Typo_002dAnalysis", "Notes-on-the-Different-Suggestion-Modes",
    "Working-With-Dictionaries", "Using-aspell_002dimport", "How-Aspell-Selects-an-Appropriate-Dictionary",  # 5
    "Listing-Available-Dictionaries", "Dumping-the-Contents-of-the-Word-List", "Creating-an-Individual-Word-List",
    "Working-With-Affix-Info-in-Word-Lists", "Format-of-the-Personal-and-Replacement-Dictionaries",
    "Using-Multi-Dictionaries", "Dictionary-Naming", "AWLI-files",
    "Writing-programs-to-use-Aspell", "Through-the-C-API", "Through-A-Pipe",  # 6 programs
    "Notes-on-Storing-Replacement-Pairs",
    "Adding-Support-For-Other-Languages", "The-Language-Data-File", "Compiling-the-Word-List",  # 7 languages
    "Phonetic-Code", "The-Simple-Soundslike", "Replacement-Tables", "Affix-Compression",
    "Controlling-the-Behavior-of-Compound-Words", "Creating-A-New-Character-Set",
    "Creating-An-Official-Dictionary-Package",
    "Implementation-Notes", "Aspell-Suggestion-Strategy", "Notes-on-8_002dbit-Characters",  # appendices A, B, D
    "Installing", "Generic-Install-Instructions", "HTML-Manuals-and-_0022make-clean_0022", "Curses-Notes",
    "Loadable-Filter-Notes", "Using-32_002dBit-Dictionaries-on-a-64_002dBit-System",
    "Upgrading-from-Aspell-0_002e60_002e7", "Upgrading-from-Aspell-0_002e50",
    "Upgrading-from-Aspell-_002e33_002fPspell-_002e12", "Upgrading-from-a-Pre_002d0_002e50-snapshot", "WIN32-Notes",
    "Authors",
]
M4_PAGES = [  # in the manual's order (index.html's): a file per node, less the indices and the licenses
    "Preliminaries", "Intro", "History", "Bugs", "Manual",  # 1
    "Invoking-m4", "Operation-modes", "Preprocessor-features", "Limits-control", "Frozen-state",  # 2
    "Debugging-options", "Command-line-files",
    "Syntax", "Names", "Quoted-strings", "Comments", "Other-tokens", "Input-processing",  # 3
    "Macros", "Invocation", "Inhibiting-Invocation", "Macro-Arguments", "Quoting-Arguments", "Macro-expansion",  # 4
    "Definitions", "Define", "Arguments", "Pseudo-Arguments", "Undefine", "Defn", "Pushdef", "Indir", "Builtin",  # 5
    "Conditionals", "Ifdef", "Ifelse", "Shift", "Forloop", "Foreach", "Stacks", "Composition",  # 6
    "Debugging", "Dumpdef", "Trace", "Debug-Levels", "Debug-Output",  # 7
    "Input-Control", "Dnl", "Changequote", "Changecom", "Changeword", "M4wrap",  # 8
    "File-Inclusion", "Include", "Search-Path",  # 9
    "Diversions", "Divert", "Undivert", "Divnum", "Cleardivert",  # 10
    "Text-handling", "Len", "Index-macro", "Regexp", "Substr", "Translit", "Patsubst", "Format",  # 11
    "Arithmetic", "Incr", "Eval",  # 12
    "Shell-commands", "Platform-macros", "Syscmd", "Esyscmd", "Sysval", "Mkstemp",  # 13
    "Miscellaneous", "Errprint", "Location", "M4exit",  # 14
    "Frozen-files", "Using-frozen-files", "Frozen-file-format",  # 15
    "Compatibility", "Extensions", "Incompatibilities", "Other-Incompatibilities",  # 16
    "Answers", "Improved-exch", "Improved-forloop", "Improved-foreach", "Improved-copy", "Improved-m4wrap",  # 17
    "Improved-cleardivert", "Improved-capitalize", "Improved-fatal_005ferror",
]
LIBGCRYPT_PAGES = [  # in the manual's order (index.html's): a file per node, less the indices, licenses and lists
    "Introduction", "Getting-Started", "Features", "Overview",  # 1
    "Preparation", "Header", "Building-sources", "Building-sources-using-Automake", "Initializing-the-library",  # 2
    "Multi_002dThreading", "Enabling-FIPS-mode", "Disabling-FIPS-mode", "Hardware-features",
    "Generalities", "Controlling-the-library", "Error-Handling", "Error-Values", "Error-Sources", "Error-Codes",  # 3
    "Error-Strings",
    "Handler-Functions", "Progress-handler", "Allocation-handler", "Error-handler", "Logging-handler",  # 4
    "Symmetric-cryptography", "Available-ciphers", "Available-cipher-modes", "Working-with-cipher-handles",  # 5
    "General-cipher-functions",
    "Public-Key-cryptography", "Available-algorithms", "Used-S_002dexpressions", "RSA-key-parameters",  # 6
    "DSA-key-parameters", "ECC-key-parameters", "Cryptographic-Functions", "Dedicated-ECC-Functions",
    "General-public_002dkey-related-Functions",
    "Hashing", "Available-hash-algorithms", "Working-with-hash-algorithms",  # 7
    "Message-Authentication-Codes", "Available-MAC-algorithms", "Working-with-MAC-algorithms",  # 8
    "Key-Derivation",  # 9
    "Random-Numbers", "Quality-of-random-numbers", "Retrieving-random-numbers",  # 10
    "S_002dexpressions", "Data-types-for-S_002dexpressions", "Working-with-S_002dexpressions",  # 11
    "MPI-library", "Data-types", "Basic-functions", "MPI-formats", "Calculations", "Comparisons",  # 12
    "Bit-manipulations", "EC-functions", "Miscellaneous",
    "Prime-numbers", "Generation", "Checking",  # 13
    "Utilities", "Memory-allocation", "Context-management", "Buffer-description", "Config-reporting",  # 14
    "Tools", "hmac256",  # 15
    "Configuration",  # 16
    "Architecture", "Public_002dKey-Subsystem-Architecture", "Symmetric-Encryption-Subsystem-Architecture",  # 17
    "Hashing-and-MACing-Subsystem-Architecture", "Multi_002dPrecision_002dInteger-Subsystem-Architecture",
    "Prime_002dNumber_002dGenerator-Subsystem-Architecture", "Random_002dNumber-Subsystem-Architecture",
    "CSPRNG-Description", "DRBG-Description",
    "Self_002dTests", "FIPS-Mode",  # appendices A, B
]
FFTW_PAGES = [  # in the manual's order (index.html's): a file per node, less the indices and the license
    "Introduction",  # 1
    "Tutorial", "Complex-One_002dDimensional-DFTs", "Complex-Multi_002dDimensional-DFTs",  # 2
    "One_002dDimensional-DFTs-of-Real-Data", "Multi_002dDimensional-DFTs-of-Real-Data", "More-DFTs-of-Real-Data",
    "The-Halfcomplex_002dformat-DFT", "Real-even_002fodd-DFTs-_0028cosine_002fsine-transforms_0029",
    "The-Discrete-Hartley-Transform",
    "Other-Important-Topics", "SIMD-alignment-and-fftw_005fmalloc", "Multi_002ddimensional-Array-Format",  # 3
    "Row_002dmajor-Format", "Column_002dmajor-Format", "Fixed_002dsize-Arrays-in-C", "Dynamic-Arrays-in-C",
    "Dynamic-Arrays-in-C_002dThe-Wrong-Way", "Words-of-Wisdom_002dSaving-Plans", "Caveats-in-Using-Wisdom",
    "FFTW-Reference", "Data-Types-and-Files", "Complex-numbers", "Precision", "Memory-Allocation", "Using-Plans",  # 4
    "Basic-Interface", "Complex-DFTs", "Planner-Flags", "Real_002ddata-DFTs", "Real_002ddata-DFT-Array-Format",
    "Real_002dto_002dReal-Transforms", "Real_002dto_002dReal-Transform-Kinds", "Advanced-Interface",
    "Advanced-Complex-DFTs", "Advanced-Real_002ddata-DFTs", "Advanced-Real_002dto_002dreal-Transforms",
    "Guru-Interface", "Interleaved-and-split-arrays", "Guru-vector-and-transform-sizes", "Guru-Complex-DFTs",
    "Guru-Real_002ddata-DFTs", "Guru-Real_002dto_002dreal-Transforms", "64_002dbit-Guru-Interface",
    "New_002darray-Execute-Functions", "Wisdom", "Wisdom-Export", "Wisdom-Import", "Forgetting-Wisdom",
    "Wisdom-Utilities", "What-FFTW-Really-Computes", "The-1d-Discrete-Fourier-Transform-_0028DFT_0029",
    "The-1d-Real_002ddata-DFT", "1d-Real_002deven-DFTs-_0028DCTs_0029", "1d-Real_002dodd-DFTs-_0028DSTs_0029",
    "1d-Discrete-Hartley-Transforms-_0028DHTs_0029", "Multi_002ddimensional-Transforms",
    "Multi_002dthreaded-FFTW", "Installation-and-Supported-Hardware_002fSoftware",  # 5
    "Usage-of-Multi_002dthreaded-FFTW", "How-Many-Threads-to-Use_003f", "Thread-safety",
    "Distributed_002dmemory-FFTW-with-MPI", "FFTW-MPI-Installation", "Linking-and-Initializing-MPI-FFTW",  # 6
    "2d-MPI-example", "MPI-Data-Distribution", "Basic-and-advanced-distribution-interfaces", "Load-balancing",
    "Transposed-distributions", "One_002ddimensional-distributions", "Multi_002ddimensional-MPI-DFTs-of-Real-Data",
    "Other-Multi_002ddimensional-Real_002ddata-MPI-Transforms", "FFTW-MPI-Transposes",
    "Basic-distributed_002dtranspose-interface", "Advanced-distributed_002dtranspose-interface",
    "An-improved-replacement-for-MPI_005fAlltoall", "FFTW-MPI-Wisdom", "Avoiding-MPI-Deadlocks",
    "FFTW-MPI-Performance-Tips", "Combining-MPI-and-Threads", "FFTW-MPI-Reference", "MPI-Files-and-Data-Types",
    "MPI-Initialization", "Using-MPI-Plans", "MPI-Data-Distribution-Functions", "MPI-Plan-Creation",
    "MPI-Wisdom-Communication", "FFTW-MPI-Fortran-Interface",
    "Calling-FFTW-from-Modern-Fortran", "Overview-of-Fortran-interface",  # 7
    "Extended-and-quadruple-precision-in-Fortran", "Reversing-array-dimensions", "FFTW-Fortran-type-reference",
    "Plan-execution-in-Fortran", "Allocating-aligned-memory-in-Fortran", "Accessing-the-wisdom-API-from-Fortran",
    "Wisdom-File-Export_002fImport-from-Fortran", "Wisdom-String-Export_002fImport-from-Fortran",
    "Wisdom-Generic-Export_002fImport-from-Fortran", "Defining-an-FFTW-module",
    "Calling-FFTW-from-Legacy-Fortran", "Fortran_002dinterface-routines", "FFTW-Constants-in-Fortran",  # 8
    "FFTW-Execution-in-Fortran", "Fortran-Examples", "Wisdom-of-Fortran_003f",
    "Upgrading-from-FFTW-version-2",  # 9
    "Installation-and-Customization", "Installation-on-Unix", "Installation-on-non_002dUnix-systems",  # 10
    "Cycle-Counters", "Generating-your-own-code",
    "Acknowledgments",  # 11
]
GETTEXT_PAGES = [  # in the manual's order (gettext_toc.html's): a file per chapter or appendix, then the footnotes
    *(f"gettext_{n}" for n in range(1, 18)),  # 1-17
    "gettext_18", "gettext_19",  # appendices A (language codes), B (country codes); not C (licenses) nor the indices
    "gettext_fot",  # the chapters' footnotes
]
YARA_PAGES = [  # in the manual's order (index.html's): the introduction first; the modules laid out as modules-<module>
    "index", "gettingstarted", "writingrules",
    *(f"modules/{m}" for m in ("pe", "elf", "cuckoo", "magic", "hash", "math", "dotnet", "time", "console")),
    "writingmodules", "commandline", "yarapython", "capi",
]
CHARLIECLOUD_PAGES = [  # in the manual's order (index.html's): the overview first, then a file per page
    "index", "install", "tutorial",
    *(f"ch-{c}" for c in ("checkns", "convert", "fromhost", "image", "run", "run-oci", "ssh", "test")),
    "faq",
]
PATRONI_PAGES = [  # in the manual's order (index.html's): the front page (index.html) first, then a file per page
    "index", "README", "citus", "dynamic_configuration", "dcs_failsafe_mode", "rest_api", "existing_data",
    "ENVIRONMENT", "SETTINGS", "security", "replica_bootstrap", "replication_modes", "ha_multi_dc", "pause",
    "kubernetes", "watchdog",
]
NSIS_PAGES = [  # in the manual's order (Contents.html's): a file per chapter or appendix
    *(f"Chapter{n}" for n in range(1, 6)),  # 1-5
    *(f"Appendix{c}" for c in "ABCDEGH"),  # A-E, G, H (not F changelog, I licence)
]
PELICAN_PAGES = [  # in the manual's order (index.html's): the front page (index.html) first, then a file per page
    "index", "quickstart", "install", "content", "publish", "settings", "plugins", "themes", "pelican-themes",
    "importer", "faq", "tips", "internals", "report",
]
OCRMYPDF_PAGES = [  # in the manual's order (index.html's toctree): a file per page
    "introduction", "optimizer", "languages", "jbig2", "cookbook", "docker", "advanced", "batch", "performance",
    "pdfsecurity", "errors", "api", "plugins",
]
STEALTH_PAGES = [  # in the manual's order (stealth.html's): a file per chapter
    "stealth01", "stealth02", "stealth03", "stealth04", "stealth05", "stealth06", "stealth07", "stealth08",
]
OMAKE_PAGES = [  # in the manual's order (omake-toc.html's): a file per chapter or appendix
    "omake-quickstart", "omake-build-examples", "omake-language", "omake-language-naming", "omake-detail",
    "omake-language-examples", "omake-rules", "omake-base", "omake-system", "omake-shell", "omake-pervasives",
    "omake-build", "omake-autoconf", "osh", "omake-options", "omake-grammar", "omake-references",
]
DOIT_PAGES = [  # in the manual's order (contents.html's toctree): a file per page
    "install", "tasks", "dependencies", "task_creation", "cmd_run", "cmd_other", "configuration", "task_args",
    "uptodate", "tools", "extending", "faq", "stories",
]
FASTD_PAGES = [  # in the manual's order (index.html's): a file per page, laid out flat as <folder>-<page>
    *(f"manual/{m}" for m in ("cmdline", "config", "methods", "mtu")),
    *(f"crypto/{c}" for c in ("ec25519", "fhmqvc", "ciphers", "macs", "methods")),
    *(f"devel/{d}" for d in ("building", "protocol")),
]
CSVKIT_PAGES = [  # in the manual's order (index.html's): the front page, then a file per page, <folder>-<page> flat
    "index",
    *(f"tutorial/{t}" for t in ("1_getting_started", "2_examining_the_data", "3_power_tools", "4_going_elsewhere")),
    *(f"scripts/{c}" for c in ("in2csv", "sql2csv", "csvclean", "csvcut", "csvgrep", "csvjoin", "csvsort", "csvstack",
                               "csvformat", "csvjson", "csvlook", "csvpy", "csvsql", "csvstat")),
    "common_arguments", "tricks",
]
KERNEL_PAGES = [  # in the manual's order (index.html's): a file per chapter
    "ch-scope", "ch-source", "ch-packaging", "ch-common-tasks", "ch-versions", "ch-modules", "ch-initramfs",
    "ch-update-hooks", "ch-bugs",
]
THE_PAGES = [  # in the manual's order (index.html's): a file per part
    "overview", "comm", "commset", "commsos", "query", "glossary", *(f"app{n}" for n in range(1, 8)),
]
VDIRSYNCER_PAGES = [  # in the manual's order (index.html's): the front page, then a file per page, <folder>-<page> flat
    "index", "when", "installation", "tutorial", "ssl-tutorial", "keyring", "partial-sync", "config", "tutorials/index",
    *(f"tutorials/{t}" for t in ("claws-mail", "systemd-timer", "todoman", "baikal", "davmail", "fastmail", "google",
                                 "icloud", "nextcloud", "owncloud", "radicale", "xandikos")),
    "problems", "vdir",
]
COVERAGE_PAGES = [  # in the manual's order (index.html's, the API pages in api.html's): the front page, then a file per page
    "index", "install", "cmd", "config", "source", "excluding", "branch", "subprocess", "contexts", "api",
    "api_coverage", "api_exceptions", "api_module", "api_plugin", "api_coveragedata", "dbschema", "howitworks", "plugins",
    "trouble", "faq",
]
PROVER9_PAGES = [  # in the manual's order (nav.html's, the advanced features' pages in advanced.html's): a file per page
    "intro", "install", "running", "input", "syntax", "auto", "term-order", "more-prep", "limits", "loop", "select",
    "inf-rules", "process-inf", "output", "weight", "attributes", "goals", "production", "actions", "hints", "semantics",
    "clause-properties", "white-black", "select2", "mace4", "m4-input", "m4-options", "m4-arithmetic", "m4-interpformat",
    "m4-isofilter", "prooftrans", "fof-prover9", "others", "options", "glossary", "references",
]
PYTHON_LDAP_PAGES = [  # in the manual's order (index.html's, then reference/index.html's): <folder>-<page> flat
    "index", "installing", "bytes_mode",
    *(f"reference/{p}" for p in ("ldap", "ldap-async", "ldap-controls", "ldap-dn", "ldap-extop", "ldap-filter",
                                 "ldap-modlist", "ldap-resiter", "ldap-schema", "ldap-syncrepl", "ldap-sasl", "ldif",
                                 "ldapurl", "slapdtest")),
    "resources", "faq",
]
EXECLINE_PAGES = [  # in the manual's order (index.html's, then the three pages that only the commands' pages link)
    "index", "grammar", "dieshdiedie", "execlineb", "execline-cd", "posix-cd", "execline-umask", "posix-umask",
    "emptyenv", "envfile", "export", "unexport", "fdclose", "fdblock", "fdmove", "fdswap", "fdreserve", "redirfd",
    "piperw", "heredoc", "wait", "getcwd", "getpid", "exec", "tryexec", "exit", "trap", "withstdinas", "el_semicolon",
    "foreground", "background", "case", "if", "ifelse", "ifte", "ifthenelse", "backtick", "pipeline", "runblock",
    "el_substitute", "define", "importas", "elglob", "elgetpositionals", "multidefine", "multisubstitute", "forx",
    "forstdin", "forbacktickx", "loopwhilex", "elgetopt", "shift", "dollarat", "eltest", "homeof", "execline",
    "execline-shell", "execline-startup", "el_pushenv", "el_transform", "exitcodes",
]
LIBDBI_PAGES = [  # in the manual's order (index.html's), less the pages that are only a chapter's table of contents
    "description", "terminology", "gnugpl", "contact", "buildinstall", "quickstart-debriefing", "quickstart-code",
    "loadinglibdbi", "threads", "addtoproject", "errorhandling", "connerrors", "errornumbers", "transactions-savepoints",
    "transactions", "savepoints", "versioning", "package-library-version", "libdbi-and-drivers-versions",
    "version-at-runtime", "reference-core", "reference-driver", "reference-conn", "reference-database",
    "reference-query", "reference-results", "reference-field-meta", "reference-field", "reference-field-idx",
]
QHULL_PAGES = [  # in the manual's order (index.htm's contents: the manual, then programs, options and code)
    "index", "qh-faq", "qh-quick", "qh-impre", "qh-eg", "qconvex", "qdelaun", "qdelau_f", "qhalf", "qhull", "qvoronoi",
    "qvoron_f", "rbox", "qh-opto", "qh-optf", "qh-optg", "qh-optp", "qh-optq", "qh-optc", "qh-optt", "qh-code",
]
VMM_PAGES = [  # in the manual's order (index.html's contents; vmm.cfg, in none, after install_vmm, which links it)
    "index", "features", "download",
    *(f"installation/{p}" for p in ("prerequisites", "system_preparation", "postgresql_configuration",
                                    "dovecot_configuration", "postfix_configuration", "install_vmm")),
    "vmm.cfg", "upgrade/0.6-0.7", "upgrade/0.5-0.6", "upgrade/0.4.x-0.5",
    "howto",
    *(f"howto/{p}" for p in ("general_subcommands", "manage_domains", "manage_alias_domains", "manage_accounts",
                             "manage_alias_addresses", "manage_catch-all_addresses", "manage_relocated_users")),
]
LAME_PAGES = [  # in the manual's order (the index page's menu; cbr to ms_stereo after introduction, which links them)
    "index", "about", "introduction", "cbr", "abr", "vbr", "ms_stereo", "usage", "detailed",
]
HTTRACK_PAGES = [  # in the manual's order (index.html's menu, the pages each links; then the unlinked reference pages)
    "overview", "faq", "shelldoc", "step", "step1", "step2", "addurl", "step3", "step4", "step5",
    *(f"step9_opt{n}" for n in range(1, 12)), "fcguide", "cmddoc", "options", "filters", "httrack.man",
    "dev", "scripting", "plug", "library", "cache", "abuse",
]
MARKDOWN_PAGES = [  # in the manual's order (sitemap.html's): the front page, then a file per page, <folder>-<page> flat
    "index", "install", "reference", "cli", "extensions/index",
    *(f"extensions/{e}" for e in ("abbreviations", "admonition", "attr_list", "code_hilite", "definition_lists",
                                  "extra", "fenced_code_blocks", "footnotes", "legacy_attrs", "legacy_em", "meta_data",
                                  "nl2br", "md_in_html", "sane_lists", "smarty", "toc", "tables", "wikilinks", "api")),
    "test_tools", "contributing",
]
CORPORA = {
    "debian-edu": Corpus(
        "debian-edu-doc-en", "2.12.23~deb12u1", "0a985aebd07dd69ea1d22c767c410fbca429e7c9fa378024bcaf4fedeb09506a",
        {"debian-edu-bookworm-manual.pdf": "usr/share/doc/debian-edu-doc-en/debian-edu-bookworm-manual.pdf"},
    ),
    "debian-reference": Corpus(
        "debian-reference-en", "2.100", "9f31d3a17df505de09689ca255512ea58c1fc47c59bb1b0c7bf1c23362e9743f",
        {f"{c}.en.html": f"usr/share/debian-reference/{c}.en.html" for c in REFERENCE_CHAPTERS},
    ),
    "debian-harden": Corpus(
        "harden-doc", "3.19+nmu1", "77ffacb6f8af4afbdf39f3de6040a710ae6ffcc40e2fab5b5d312dfb11d28d94",
        {f"{p}.html": f"usr/share/doc/harden-doc/html/en-US/{p}.html" for p in HARDEN_PAGES},
    ),
    "debian-firehol": Corpus(
        "firehol-doc", "3.1.7+ds-2.1", "33a866c75f53eacf410edafcf32b9cf9311ddfbb60ead653495004be9f7b9037",
        {"firehol-manual.pdf": "usr/share/doc/firehol/firehol-manual.pdf"},
    ),
    "debian-krb5": Corpus(
        "krb5-doc", "1.20.1-2+deb12u5", "d3ca67a170929d0017a56bd1bae21500bbbca273ccf1b4a4986f4fa80913cf88",
        {"krb5-admin-guide.pdf": "usr/share/doc/krb5-doc/admin.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-knot": Corpus(
        "knot-doc", "3.2.6-1", "4b97fefbc2da5e0b94a4d37615250cd9b07ef539578d980d1bd023935c8b327d",
        {f"{p}.html": f"usr/share/doc/knot-doc/{p}.html" for p in KNOT_PAGES},
    ),
    "debian-drbd": Corpus(
        "drbd-doc", "8.4~20220106-1", "9dfa401fc32f055bb655f40c5af30b09bcc5d1aaed9ab65b48a11aa32a312e17",
        {"drbd-users-guide.pdf": "usr/share/doc/drbd-doc/drbd-users-guide.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-borg": Corpus(
        "borgbackup-doc", "1.2.4-1", "f7c621fde76d460f071e8c0803d62198101f1c86ef3430db158f2e789570dbda",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/borgbackup/html/{p}.html" for p in BORG_PAGES},
    ),
    "debian-nut": Corpus(
        "nut-doc", "2.8.0-7", "d9b7ad56a6635a973a3b92cdb979755d5595264bcd0f5399886351cc9b994542",
        {"nut-user-manual.pdf": "usr/share/doc/nut-doc/pdf/user-manual.pdf"},
    ),
    "debian-frr": Corpus(
        "frr-doc", "8.4.4-1.1~deb12u2", "1966c6166776b5dcea1ac013a6b758e313859241c50038a64d00809350ce11f3",
        {f"{p}.html": f"usr/share/doc/frr/html/{p}.html" for p in FRR_PAGES},
    ),
    "debian-openafs": Corpus(
        "openafs-doc", "1.8.9-1+deb12u1", "bf8fb5e79341b27af7d43f83c1fa26349a6725ce618fa8e89fed6afb50e7a092",
        {"openafs-quick-start-unix.pdf": "usr/share/doc/openafs-doc/auqbg000.pdf.gz"},  # shipped gzipped, unpacked
    ),
    "debian-aptitude": Corpus(
        "aptitude-doc-en", "0.8.13-5", "ba4864ca26464bbe06acd94dc4a79402eea5d7b2d3da943d6ecce3c752bc9e84",
        {f"{p}.html": f"usr/share/doc/aptitude/html/en/{p}.html" for p in APTITUDE_PAGES},
    ),
    "debian-dibbler": Corpus(
        "dibbler-doc", "1.0.1-1.1", "3ff40a54de275a47c3dab2d5f0ba084f8e7c3d8f1aed237c694af7277664b622",
        {"dibbler-users-guide.pdf": "usr/share/doc/dibbler-doc/dibbler-user.pdf.gz"},  # shipped gzipped, unpacked
    ),
    "debian-varnish": Corpus(
        "varnish-doc", "7.1.1-2+deb12u1", "551cfc6619d98fbca88f97e2486ecdf6fc02366a1b401338f5ea268e641ca7b9",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/varnish/html/{p}.html" for p in VARNISH_PAGES},
    ),
    "debian-bird": Corpus(
        "bird2-doc", "2.0.12-7", "2e1c32359a225684f48e909d924d4a4ae9c11ce8de0fd2e3461ad89bd0d04203",
        {"bird-users-guide.pdf": "usr/share/doc/bird2/bird.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-supervisor": Corpus(
        "supervisor-doc", "4.2.5-1", "97d3405da42fab65ba717fc01d45f3aef8d2fa9c1b8b3d06cef0e98974755d9a",
        {f"{p}.html": f"usr/share/doc/supervisor/html/{p}.html" for p in SUPERVISOR_PAGES},
    ),
    "debian-yaws": Corpus(
        "yaws-doc", "2.1.1+dfsg-2", "729ca75ebca19d1a91636efec09a2420d479f6d8db7ddd2b37aeef930046fc70",
        {"yaws-manual.pdf": "usr/share/doc/yaws-doc/examples/www/yaws.pdf"},  # usr/share/doc/yaws-doc/yaws.pdf links to it
    ),
    "debian-h2o": Corpus(
        "h2o-doc", "2.2.5+dfsg2-7", "d2bb80e6ad2431d1bf99175e6d41b7e9177aba48c70ac56c7cad7465cd4af9f7",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/h2o/{p}.html" for p in H2O_PAGES},
    ),
    "debian-bacula": Corpus(
        "bacula-doc", "9.6.7-2", "64c2cd53ecbc1b19a59fa86992729679cfd8d5d2e0b5fc80cafdaa442058bf3f",
        {"bacula-problem-resolution-guide.pdf": "usr/share/doc/bacula-doc/pdf/problems.pdf.gz"},  # gzipped, unpacked
    ),
    "debian-pam": Corpus(
        "libpam-doc", "1.5.2-6+deb12u3", "92e95cc4a5735031cf1de9b7933bb6b5ef70f9d7e8896382da02e78fe6e21426",
        {f"{p}.html": f"usr/share/doc/libpam-doc/html/{p}.html" for p in PAM_PAGES},
    ),
    "debian-gutenprint": Corpus(
        "gutenprint-doc", "5.3.4.20220624T01008808d602-1",
        "717ccc52b77977775f55ee945614cc24224029b4efa50f6f24c1418d1b7065e6",
        {"gutenprint-users-manual.pdf": "usr/share/doc/gutenprint-doc/gutenprint-users-manual.pdf"},
    ),
    "debian-cockpit": Corpus(
        "cockpit-doc", "287.1-0+deb12u3", "0bf86777696a4a82d0eaf4ceddaec8c695746ddf5eea2091a6ca1949ebb00cee",
        {f"{p}.html": f"usr/share/doc/cockpit/guide/{p}.html" for p in COCKPIT_PAGES},
    ),
    "debian-sdcc": Corpus(
        "sdcc-doc", "4.2.0+dfsg-1", "e68f50cdf1082002f89a17beaf947f250f5ef7ba1b756b9b7a05f2b6e7fc9787",
        {"sdcc-compiler-user-guide.pdf": "usr/share/doc/sdcc-doc/sdccman.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-putty": Corpus(
        "putty-doc", "0.78-2+deb12u2", "e935590808c2b27a5cb1499eadce2195bf729249abe98f2d26a8e45a6f0ed6b7",
        {f"{p}.html": f"usr/share/doc/putty-doc/{p}.html" for p in PUTTY_PAGES},
    ),
    "debian-gputils": Corpus(
        "gputils-doc", "1.4.0-0.2", "332741308e0c9491f2500fc1ce58eb0481f08e30f385cdd54657a797af0be310",
        {"gputils-manual.pdf": "usr/share/doc/gputils-doc/gputils.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-avrdude": Corpus(
        "avrdude-doc", "7.1+dfsg-3", "d25ea6bb4f1d7300ff81e738093659b9c61d513c41f9bc356a7bfdc01575f8d0",
        {f"{p}.html": f"usr/share/doc/avrdude/avrdude-html/{p}.html" for p in AVRDUDE_PAGES},
    ),
    "debian-dblatex": Corpus(
        "dblatex-doc", "0.3.12py3-2", "d5071654a04581ea023604cb2705ef71d13677a054023616ae9a8172a67f92f4",
        {"dblatex-manual.pdf": "usr/share/doc/dblatex/manual.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-nextcloud": Corpus(
        "nextcloud-desktop-doc", "3.7.3-1+deb12u2", "47bb4ec4e50fb4fd085e952d78f64e591a35cdf6cb6758feb09454267f5010fd",
        {f"{p}.html": f"usr/share/doc/nextcloud-desktop/html/{p}.html" for p in NEXTCLOUD_PAGES},
    ),
    "debian-gprolog": Corpus(
        "gprolog-doc", "1.4.5.0-3", "46204c7ec4437a5ae50d9093889e6300898373b2cb94e63621689c3b5db6233d",
        {"gprolog-manual.pdf": "usr/share/doc/gprolog-doc/gprolog.pdf"},
    ),
    "debian-lmod": Corpus(
        "lmod-doc", "8.6.19-1", "8b2a6d8beaff50b374dea5921a0da09cf5ab0c5d72949f24323932dccc634edd",
        {f"{p}.html": f"usr/share/doc/lmod/html/{p}.html" for p in LMOD_PAGES},
    ),
    "debian-bash": Corpus(
        "bash-doc", "5.2.15-2", "2c1a353f7004d14ba81db19c253b958d2dd9582027650739c530fd50376a9d8b",
        {"bash-reference-manual.pdf": "usr/share/doc/bash/bashref.pdf"},  # bash-doc/bashref.pdf links to it
    ),
    "debian-ntpsec": Corpus(
        "ntpsec-doc", "1.2.2+dfsg1-1+deb12u1", "f0622777a42e9029e5cb991df7cd16d360bfb030c175d6807dce3f9ac29fb880",
        {f"{p}.html": f"usr/share/doc/ntpsec-doc/html/{p}.html" for p in NTPSEC_PAGES},
    ),
    "debian-asymptote": Corpus(
        "asymptote-doc", "2.85+ds-1", "b2ae6e97c64ede66c1e41cc913f790b01188d198557203a2b3c500ba3495e6ca",
        {"asymptote-manual.pdf": "usr/share/doc/asymptote/asymptote.pdf"},
    ),
    "debian-gammu": Corpus(
        "gammu-doc", "1.42.0-8", "4b2dd4c271bd936b4893e4b4d6d4248f256dc2e93eacf56757327e6f266a91c9",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/gammu/html/{p}.html" for p in GAMMU_PAGES},
    ),
    "debian-flex": Corpus(
        "flex-doc", "2.6.4-8.2", "abd9911c21991db1af5afe88313fc13df2018cb8d60b69b8cca20f1f42d04970",
        {"flex-manual.pdf": "usr/share/doc/flex-doc/flex.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-cc65": Corpus(
        "cc65-doc", "2.19-1", "5f4986652fb88cf44deec225b885ee61798d3575302679a3eb3c37d1fce8eaea",
        {f"{p}.html": f"usr/share/doc/cc65/html/{p}.html" for p in CC65_PAGES},
    ),
    "debian-glpk": Corpus(
        "glpk-doc", "5.0-1", "2ad3ce3e0efbf906e5874ba1e6fcc8477361e881890e4775f07c92a01c4156df",
        {"glpk-reference-manual.pdf": "usr/share/doc/glpk-doc/glpk.pdf"},
    ),
    "debian-graphviz": Corpus(
        "graphviz-doc", "2.42.2-7+deb12u1", "7239f310587c7ae772bdb3775eeddb2bd82a2c2c3c4326578b906a667c439474",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/graphviz/html/{p}.html" for p in GRAPHVIZ_PAGES},
    ),
    "debian-gpsbabel": Corpus(
        "gpsbabel-doc", "1.8.0+ds-5", "f2ce3dcb2141cfc719750b0dbbc231205ebf8728aa88cd906ededb274e807068",
        {"gpsbabel-manual.pdf": "usr/share/doc/gpsbabel/gpsbabel.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-bochs": Corpus(
        "bochs-doc", "2.7+dfsg-4+deb12u1", "959213dca498ab3f1b4a338735c8ce0dfd7a99fb7bcbbd482b719390ea93baf0",
        {f"{p}.html": f"usr/share/doc/bochs/user/{p}.html" for p in BOCHS_PAGES},
    ),
    "debian-gnuplot": Corpus(
        "gnuplot-doc", "5.4.4+dfsg1-2", "73fe1816a296594cf6a1d38528f8d740fd650f57a2cb62e029f7920fcd5b31f0",
        {"gnuplot-manual.pdf": "usr/share/doc/gnuplot/gnuplot.pdf"},
    ),
    "debian-doxygen": Corpus(
        "doxygen-doc", "1.9.4-4", "979ff7879d0b03f79408a5736770965221fbf180392497b49942c30a47595c84",
        {f"{p}.html": f"usr/share/doc/doxygen/html/{p}.html" for p in DOXYGEN_PAGES},
    ),
    "debian-yosys": Corpus(
        "yosys-doc", "0.23-6", "5b5612745852a7b98da85f14eeb37979b188416c05deb4127519eb9405e6d8ac",
        {"yosys-manual.pdf": "usr/share/doc/yosys/manual.pdf"},
    ),
    "debian-aspell": Corpus(
        "aspell-doc", "0.60.8-4", "6c768a7131085af8b9e59e9c1810816a947510edf3a92e589cf6b8a47f33bf71",
        {f"{p}.html": f"usr/share/doc/aspell-doc/aspell.html/{p}.html" for p in ASPELL_PAGES},
    ),
    "debian-hmmer": Corpus(
        "hmmer-doc", "3.3.2+dfsg-1", "6dfd02da3c06228e52df393f7999056b025bff93fb795b9847f32430ddbd531c",
        {"hmmer-users-guide.pdf": "usr/share/doc/hmmer/Userguide.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-m4": Corpus(
        "m4-doc", "1.4.19-3", "cd9ff967210951a6bda33296c9ce87bcaec7b741eb07716537937102bc4172f2",
        {f"{p}.html": f"usr/share/doc/m4/{p}.html" for p in M4_PAGES},
    ),
    "debian-mailfromd": Corpus(
        "mailfromd-doc", "8.15-2", "c5ff6f2bb4f38d95541701e3f474cb7987974b727d5946a58abf5a59388a8cdb",
        {"mailfromd-manual.pdf": "usr/share/doc/mailfromd/mailfromd.pdf"},
    ),
    "debian-libgcrypt": Corpus(
        "libgcrypt20-doc", "1.10.1-3+deb12u1", "3a72c441ad3a11c05543cf5494a7d70359796857ee42bee554a97742e81a37ad",
        {f"{p}.html": f"usr/share/doc/libgcrypt20-doc/html/{p}.html" for p in LIBGCRYPT_PAGES},
    ),
    "debian-debmake": Corpus(
        "debmake-doc", "1.17-7", "f562cf744d906b9255c60d659873609ed5f40d657d99c4a6f3f5c194c24507cf",
        {"debmake-guide.pdf": "usr/share/doc/debmake-doc/debmake-doc.en.pdf"},
    ),
    "debian-fftw": Corpus(
        "libfftw3-doc", "3.3.10-1", "49dfdd8f9a2b8bb8a235e0984108cd3c41a6ffa6c699150e2f1d8f264c1e5da8",
        {f"{p}.html": f"usr/share/doc/libfftw3-dev/html/{p}.html" for p in FFTW_PAGES},
    ),
    "debian-gri": Corpus(
        "gri-pdf-doc", "2.12.27-1.1", "0873a873dbd41d1536c9f48388f4bf30ee0758309b0a597412860b865a187f92",
        {"gri-manual.pdf": "usr/share/doc/gri/gri.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-gettext": Corpus(
        "gettext-doc", "0.21-12", "223dfc01cf70c03ce1c56bc3acc18a806292cc6af71d5cffcc4674a221ae2bea",
        {f"{p}.html": f"usr/share/doc/gettext/{p}.html" for p in GETTEXT_PAGES},
    ),
    "debian-mrbayes": Corpus(
        "mrbayes-doc", "3.2.7a-6", "a2be3335a6936f4b2c31edb757dc0f585423f0e39909184e1e15adcaac45a999",
        {"mrbayes-manual.pdf": "usr/share/doc/mrbayes/Manual_MrBayes_v3.2.pdf"},
    ),
    "debian-yara": Corpus(
        "yara-doc", "4.2.3-4", "3bd701d9e9ac2c1914bac1dcf9502cce2f3d141f299a95331072955933231cff",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/yara/html/{p}.html" for p in YARA_PAGES},
    ),
    "debian-form": Corpus(
        "form-doc", "4.3.0+git20230104+ds-1", "56a95b57c823648856bc00151fb12ab11e89fcf39dd7bce4b6203cd38078ffd5",
        {"form-reference-manual.pdf": "usr/share/doc/form-doc/manual.pdf"},
    ),
    "debian-charliecloud": Corpus(
        "charliecloud-doc", "0.31-1", "f29ff8bbd284dbff0298eec29cc4fe74ab0ff964bb3b7f29cb150e541e47eadf",
        {f"{p}.html": f"usr/share/doc/charliecloud/html/{p}.html" for p in CHARLIECLOUD_PAGES},
    ),
    "debian-gprbuild": Corpus(
        "gprbuild-doc", "2023.0.0-3", "20de67fa61cd082e37a31389a74602092a2af667f8acced9dc79f296c1ef817a",
        {"gpr-tools-guide.pdf": "usr/share/doc/gprbuild/gprbuild_ug.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-patroni": Corpus(
        "patroni-doc", "3.0.2-1", "b0f89df692adf96073ef8cde20d107b673765c78ea2d6130555e7739237e85d8",
        {f"{p}.html": f"usr/share/doc/patroni/html/{p}.html" for p in PATRONI_PAGES},
    ),
    "debian-yodl": Corpus(
        "yodl-doc", "4.03.03-1", "9c4f7149dce82f5e3452d4f3ef416768d83179b9978a422f478f96733c3d4514",
        {"yodl-manual.pdf": "usr/share/doc/yodl-doc/yodl.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-elinks": Corpus(
        "elinks-doc", "0.13.2-1", "a246f8876742138fa995b47c4ac42f79ee31401dfce3fdf3c80ccaf54f8b6dd6",
        {"elinks-manual.html": "usr/share/doc/elinks/manual.html"},
    ),
    "debian-ne": Corpus(
        "ne-doc", "3.3.2-1", "86f05377ce4bda54d0ce0bf48384885e6f868d3283f1b25344aac5f0d6b25537",
        {"ne-manual.pdf": "usr/share/doc/ne/ne.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-nsis": Corpus(
        "nsis-doc", "3.08-3+deb12u1", "c84252f86ae3701d5cd1cca9f27b41b6bbd525d320affe581b81a9290f76ee5d",
        {f"{p}.html": f"usr/share/doc/nsis/Docs/{p}.html" for p in NSIS_PAGES},
    ),
    "debian-gpsim": Corpus(
        "gpsim-doc", "0.22.0-2.2", "df7b55bd2e0cfb63c010d13aaf8df7c33ec77eebfd1a2e98859adcd5fd83f6be",
        {"gpsim-manual.pdf": "usr/share/doc/gpsim-doc/gpsim.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-pelican": Corpus(
        "pelican-doc", "4.8.0+dfsg-1", "c5398a2c4db96827ce75fba2f4931b6e8fc87b173c7733618c8ef45d648ab67c",
        {f"{p}.html": f"usr/share/doc/pelican/html/{p}.html" for p in PELICAN_PAGES},
    ),
    "debian-infernal": Corpus(
        "infernal-doc", "1.1.4-1", "6f59072412c2dc459c1b95f99e8403d81a0ba900f2368595ecbd3e670c9e9677",
        {"infernal-users-guide.pdf": "usr/share/doc/infernal/Userguide.pdf"},
    ),
    "debian-ocrmypdf": Corpus(
        "ocrmypdf-doc", "14.0.1+dfsg1-1", "b37df53ad5fb64e53c9265532d0f0390a8e77c47025485236d7c91552ae2f77c",
        {f"{p}.html": f"usr/share/doc/ocrmypdf/html/{p}.html" for p in OCRMYPDF_PAGES},
    ),
    "debian-latex2rtf": Corpus(
        "latex2rtf-doc", "2.3.18a-3", "3e850ba7c9617de4ca0cb1dd649d651ea77b1dddfefecf271628b65e5dbb5fc9",
        {"latex2rtf-manual.pdf": "usr/share/doc/latex2rtf-doc/latex2rtf.pdf.gz"},
    ),
    "debian-stealth": Corpus(
        "stealth-doc", "4.03.03-1", "19897bcf0a0802c6930090dc72df85a986c9f140867b65042f046b094a2130aa",
        {f"{p}.html": f"usr/share/doc/stealth-doc/manual/html/{p}.html" for p in STEALTH_PAGES},
    ),
    "debian-lifelines": Corpus(
        "lifelines-doc", "3.0.61-3", "2ba6f96a444554e6e1990abaffb9bec01b5120876a9efe7a9d551379b1323a31",
        {"lifelines-users-guide.pdf": "usr/share/doc/lifelines-doc/ll-userguide.pdf.gz"},
    ),
    "debian-omake": Corpus(
        "omake-doc", "0.10.5-2", "afca6ad57fbfedf582426fabd83686a85a06510cb5827f50c58e952d212a88c6",
        {f"{p}.html": f"usr/share/doc/omake/html/{p}.html" for p in OMAKE_PAGES},
    ),
    "debian-coco": Corpus(
        "coco-doc", "20060919.0-1", "7351cea78036d406d795e218a75d44aa162c21d7e799b4f561a486d130ae370b",
        {"coco-user-manual.pdf": "usr/share/doc/coco-doc/UserManual.pdf"},
    ),
    "debian-doit": Corpus(
        "python-doit-doc", "0.31.1-3.3", "a6c03fc874b86ed8f2860a697e8f7ba347ce37ec9a6fa798fd83b1c42dd2735a",
        {f"{p}.html": f"usr/share/doc/python-doit-doc/html/{p}.html" for p in DOIT_PAGES},
    ),
    "debian-menhir": Corpus(
        "menhir-doc", "20220210+ds-2", "a25fc2e08f9b3c29679a5bfaa24d75e635568d19d066f297be2e14f5b42a4fcf",
        {"menhir-reference-manual.pdf": "usr/share/doc/menhir/manual.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-fastd": Corpus(
        "fastd-doc", "22-4", "ed67b8078ffc7212a4dec05e1f79ec3a7d4a9551f1a60811b5e27d66162304cd",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/fastd/html/{p}.html" for p in FASTD_PAGES},
    ),
    "debian-fasta": Corpus(
        "fasta3-doc", "36.3.8i.14-Nov-2020-1", "443aa2beffdc73f79535686f76b3eb7dabadae7f4d32aea8a6dd58a60dc2901c",
        {"fasta-guide.pdf": "usr/share/doc/fasta3/fasta_guide.pdf"},
    ),
    "debian-csvkit": Corpus(
        "csvkit-doc", "1.0.7-1", "39d495e81db203750be01b1d78b1a66f0e1ceec144f07e70c62e487718932b9b",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/csvkit/html/{p}.html" for p in CSVKIT_PAGES},
    ),
    "debian-camlidl": Corpus(
        "camlidl-doc", "1.04-5", "183dc96108e0b0164c8f464ff2499b68dbe600c33ecd82f2510afc411165aba5",
        {"camlidl-users-manual.pdf": "usr/share/doc/camlidl/camlidl-1.04.doc.pdf"},
    ),
    "debian-kernel": Corpus(
        "debian-kernel-handbook", "1.0.21", "98a810b308bf2be87dc4191161c3d9f889dd6142f712df32dfb02b3c34594b48",
        {f"{p}.html": f"usr/share/doc/debian-kernel-handbook/kernel-handbook.html/{p}.html" for p in KERNEL_PAGES},
    ),
    "debian-music": Corpus(
        "music-doc", "1.1.16-1.1", "3aafcfbc14dd8358280eff9cb6a055e63526a5022c97c00ec90c30ad0ef4c4b0",
        {"music-users-manual.pdf": "usr/share/doc/music-doc/music-manual.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-the": Corpus(
        "the-doc", "3.3~rc1-3.1", "17f7659ef9c995bf475e3d5603cdefe291b351604da8cefb2b8fe9124a308420",
        {f"{p}.html": f"usr/share/doc/the/html/{p}.html" for p in THE_PAGES},
    ),
    "debian-backup-manager": Corpus(
        "backup-manager-doc", "0.7.14-1.3", "8160c3c71cba260056a92eea1f80245bf5a8a98d6d443931b3dac96dc470f4d8",
        {"backup-manager-user-guide.pdf": "usr/share/doc/backup-manager-doc/user-guide.pdf.gz"},  # gzipped, unpacked
    ),
    "debian-vdirsyncer": Corpus(
        "vdirsyncer-doc", "0.19.0-1", "414746fd663981363c30d0812489eadd1265a219dc7e6dd977887ab275c0d313",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/vdirsyncer-doc/html/{p}.html" for p in VDIRSYNCER_PAGES},
    ),
    "debian-fai": Corpus(
        "fai-doc", "6.0.3+deb12u1", "a57bc9a5cb6bf9007690819156ec079acf1563d18b76454a6a4dd7dd915552e8",
        {"fai-guide.pdf": "usr/share/doc/fai-doc/fai-guide.pdf"},
    ),
    "debian-coverage": Corpus(
        "python-coverage-doc", "6.5.0+dfsg1-2", "0a5222e0d686f6510d8f206c02d3957446a9a399912022f075a8c9628e4aa39b",
        {f"{p}.html": f"usr/share/doc/python-coverage-doc/html/{p}.html" for p in COVERAGE_PAGES},
    ),
    "debian-libconfig": Corpus(
        "libconfig-doc", "1.5-0.4", "ab19b2460d5e1ca888d739fc3930aecca3639bfe21acf057b89eb69bc10cd14e",
        {"libconfig.pdf": "usr/share/doc/libconfig-doc/libconfig.pdf.gz"},
    ),
    "debian-prover9": Corpus(
        "prover9-doc", "0.0.200902a-2.1", "0584e4d91ff62416638c5b1061587e19066200425ec9ea6b6ba67fce234aa682",
        {f"{p}.html": f"usr/share/doc/prover9-doc/html/{p}.html" for p in PROVER9_PAGES},
    ),
    "debian-nauty": Corpus(
        "nauty-doc", "2.8.6+ds-2", "3b562ee966760117d74eef450e33592997f7f4da4e405c50e6bff5e757b7c223",
        {"nug28.pdf": "usr/share/doc/nauty/nug28.pdf"},
    ),
    "debian-python-ldap": Corpus(
        "python-ldap-doc", "3.4.3-2+deb12u1", "ceb752de59e19ed606febcd9c41886373b6389abd142b46d960a11413b79ff5d",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/python-ldap-doc/html/{p}.html" for p in PYTHON_LDAP_PAGES},
    ),
    "debian-libtasn1": Corpus(
        "libtasn1-doc", "4.19.0-2+deb12u1", "ce109d7f7611b24d03e41b831eab01c3c7fb1a55b8d8b4350ed24383c0c8dfda",
        {"libtasn1.pdf": "usr/share/doc/libtasn1-doc/libtasn1.pdf"},
    ),
    "debian-execline": Corpus(
        "execline-doc", "2.9.3.0-1", "22665f8b2f67504d4efe5e22e5d48ffa3de8088d63122a76f5ae6a5ae4aecbc8",
        {f"{p}.html": f"usr/share/doc/execline/{p}.html" for p in EXECLINE_PAGES},
    ),
    "debian-speex": Corpus(
        "speex-doc", "1.2.1-2", "1e6d8aed480390e7d4ff49b5120bc21ed6ec7e5ab14419cda47dc863a5017bf1",
        {"speex-manual.pdf": "usr/share/doc/speex/manual.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-libdbi": Corpus(
        "libdbi-doc", "0.9.0-6", "e14f7099728fca50b122b023e023941ed6aedebbae2f42296ff7bfee42b5443d",
        {f"{p}.html": f"usr/share/doc/libdbi-doc/programmers-guide/{p}.html" for p in LIBDBI_PAGES},
    ),
    "debian-libtommath": Corpus(
        "libtommath-doc", "1.2.0-6+deb12u1", "e51ede478d61f99aba6e70db2b3270710e4c5564302a3b09c3d1d89b68e2ec65",
        {"bn.pdf": "usr/share/doc/libtommath-doc/bn.pdf.gz"},  # shipped gzipped, laid out unpacked
    ),
    "debian-qhull": Corpus(
        "libqhull-doc", "2020.2-5", "b11784ef80f7b58804212c45d7219df881f1333d0682320a06dda1754a1434d9",
        {f"{p}.htm": f"usr/share/doc/libqhull-dev/qhull/html/{p}.htm" for p in QHULL_PAGES},
    ),
    "debian-secilc": Corpus(
        "secilc-doc", "3.4-1", "9dcc435bc92b82dd559199fc8cb861aa0d41658269ff353172e4a26fc398e4ef",
        {"CIL_Reference_Guide.pdf": "usr/share/doc/secilc/pdf/CIL_Reference_Guide.pdf.gz"},  # laid out unpacked
    ),
    "debian-vmm": Corpus(
        "vmm-doc", "0.7.0-0.1", "04b5d2fad35930ebada742bb272422aeac6a0d6507238d42888e173527f29ef0",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/vmm/html/{p}.html" for p in VMM_PAGES},
    ),
    "debian-bzip2": Corpus(
        "bzip2-doc", "1.0.8-5", "3222df315ed312f63694b471d80eff42653934459c6751314d861349e0d2037f",
        {"bzip2-manual.pdf": "usr/share/doc/bzip2/manual.pdf.gz"},  # laid out unpacked
    ),
    "debian-lame": Corpus(
        "lame-doc", "3.100-6", "d029f2cf122289929c3d9b1db201504e67bccb95a1890509a3f2e4c8a741fbb1",
        {f"{p}.html": f"usr/share/doc/lame-doc/html/{p}.html" for p in LAME_PAGES},
    ),
    "debian-mpfr": Corpus(
        "libmpfr-doc", "4.2.0-1", "15495b5a634467d2c038833d4a7552fe9f06b8f9d1e09cb3a01b614350f96a4e",
        {"mpfr-manual.pdf": "usr/share/doc/libmpfr-doc/mpfr.pdf.gz"},  # laid out unpacked
    ),
    "debian-httrack": Corpus(
        "httrack-doc", "3.49.4-1", "3ae4d87cc658671718cca7892e81914e5a73f07b445c988eb03346242706e2c2",
        {f"{p}.html": f"usr/share/httrack/html/{p}.html" for p in HTTRACK_PAGES},
    ),
    "debian-reportlab": Corpus(
        "python-reportlab-doc", "3.6.12-1+deb12u1", "f7d27c209eb0c2063b604f34414681d0694a83280aa1668f0bccc685f607131c",
        {"reportlab-userguide.pdf": "usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf"},
    ),
    "debian-markdown": Corpus(
        "python-markdown-doc", "3.4.1-2+deb12u1", "7d4a70ccbf465dcb2a6aaad68f1b843a60ad4f85b7174ef8606766337e9647bb",
        {f"{p.replace('/', '-')}.html": f"usr/share/doc/python-markdown-doc/docs/{p}.html" for p in MARKDOWN_PAGES},
    ),
}
KINDS = {"paraphrase", "identifier", "cross-lingual", "near-miss"}
FIELDS = ["id", "question", "answerable", "gold_sources", "gold_pages", "language", "kind", "evidence", "answer_keywords"]
MINIMUM = {  # what each question set must hold at least
    "English answerable": (16, lambda q: q["answerable"] and q["language"] == "en"),
    "Chinese cross-lingual": (6, lambda q: q["answerable"] and q["kind"] == "cross-lingual" and q["language"] == "zh"),
    "near-miss": (8, lambda q: not q["answerable"] and q["kind"] == "near-miss"),
    "Chinese near-miss": (2, lambda q: not q["answerable"] and q["kind"] == "near-miss" and q["language"] == "zh"),
}
_CJK = re.compile(r"[\u4e00-\u9fff]")


def layout(cache: Path, spec: Corpus) -> Path:
    """`spec`'s corpus folder under `cache`, fetched, unpacked and copied when missing or changed."""
    deb = fetch_deb(cache, spec.package, spec.version, spec.sha256)
    unpacked = cache / "unpacked"
    if not unpacked.is_dir():
        partial = cache / "unpacked.partial"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        subprocess.run(["dpkg", "-x", str(deb), str(partial)], check=True)
        partial.rename(unpacked)
    corpus = cache / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for name, inside in spec.files.items():
        src, dest = unpacked / inside, corpus / name
        if inside.endswith(".gz") and not name.endswith(".gz"):  # shipped gzipped: the corpus holds it unpacked
            data = gzip.decompress(src.read_bytes())
            if not dest.is_file() or dest.read_bytes() != data:
                dest.write_bytes(data)
                stat = src.stat()
                os.utime(dest, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # the package's mtime, as copy2 keeps it
        elif not dest.is_file() or dest.read_bytes() != src.read_bytes():
            shutil.copy2(src, dest)  # copy2 keeps the package's mtimes: re-ingest skips unchanged files
    for path in corpus.rglob("*"):
        if path.is_file() and path.relative_to(corpus).as_posix() not in spec.files:
            path.unlink()
    return corpus


def texts(corpus: Path, spec: Corpus) -> tuple[dict[str, list[str] | str], int]:
    """Per corpus file its squashed PDF pages (a list) or its normalized HTML text (a string); and
    the corpus's characters of text (PDF: as pypdf extracts it, HTML: tags stripped, whitespace collapsed)."""
    content, chars = {}, 0
    for name in spec.files:
        if name.endswith(".pdf"):
            from pypdf import PdfReader

            pages = [page.extract_text() or "" for page in PdfReader(str(corpus / name)).pages]
            chars += sum(len(re.sub(r"\s+", " ", page).strip()) for page in pages)
            content[name] = [squash(page) for page in pages]
        else:
            content[name] = html_text(corpus / name)
            chars += len(content[name])
    return content, chars


def holds(text: str | list[str], phrase: str, pages: list[int] | None = None) -> list[int] | bool:
    """The 1-based PDF pages (of `pages`, or all) that hold `phrase`; for HTML whether it holds it."""
    if isinstance(text, list):
        needle = squash(phrase)
        return [p for p in (pages or range(1, len(text) + 1)) if 1 <= p <= len(text) and needle in text[p - 1]]
    return normalize(phrase) in text


def find(name: str, content: dict, phrase: str) -> None:
    hits = []
    for file, text in content.items():
        found = holds(text, phrase)
        if isinstance(found, list) and found:
            hits.append(f"{file} pages {found}")
        elif found is True:
            hits.append(file)
    print(f"{name}: {phrase!r}: {hits}")


def check(name: str, content: dict, questions: Path) -> int:
    """Verify one question file (fields, ids, counts, evidence on the gold pages / in the gold files); return the error count."""
    errors, counts, ids, loaded = 0, {}, set(), []

    def error(message: str) -> None:
        nonlocal errors
        print(message)
        errors += 1

    for number, line in enumerate(questions.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        q = json.loads(line)
        where = f"{questions.name}:{number} ({q.get('id')})"
        if list(q) != FIELDS:
            error(f"{where}: fields {list(q)}, expected {FIELDS}")
            continue
        loaded.append(q)
        if q["id"] in ids:
            error(f"{where}: duplicate id")
        ids.add(q["id"])
        if q["kind"] not in KINDS or q["language"] not in ("en", "zh"):
            error(f"{where}: kind {q['kind']!r} or language {q['language']!r} is not known")
        if (q["language"] == "zh") != bool(_CJK.search(q["question"])):
            error(f"{where}: language {q['language']!r} does not match the question's script")
        if q["kind"] == "cross-lingual" and q["language"] != "zh":
            error(f"{where}: a cross-lingual question must be in Chinese")
        key = f"{q['kind']}/{q['language']}"
        counts[key] = counts.get(key, 0) + 1
        if not q["answerable"]:
            if q["kind"] != "near-miss":
                error(f"{where}: an unanswerable question must be kind near-miss")
            if q["gold_sources"] or q["gold_pages"] or q["evidence"] or q["answer_keywords"]:
                error(f"{where}: an unanswerable question has gold_sources, gold_pages, evidence or answer_keywords")
            continue
        if q["kind"] == "near-miss":
            error(f"{where}: a near-miss question must be unanswerable")
        if not 1 <= len(q["evidence"]) <= 2:
            error(f"{where}: {len(q['evidence'])} evidence phrases, expected 1-2")
        if not 1 <= len(q["answer_keywords"]) <= 3:
            error(f"{where}: {len(q['answer_keywords'])} answer keywords, expected 1-3")
        if not q["gold_sources"]:
            error(f"{where}: an answerable question has no gold source")
        found = set()  # evidence phrases found on a gold page or in a gold file
        for gold in q["gold_sources"]:
            if gold not in content:
                error(f"{where}: gold source {gold} is not in the corpus")
                continue
            text = content[gold]
            if isinstance(text, list):
                if not q["gold_pages"] or any(not 1 <= p <= len(text) for p in q["gold_pages"]):
                    error(f"{where}: the PDF is gold but gold_pages {q['gold_pages']} is empty or out of range")
                    continue
                for page in q["gold_pages"]:
                    on_page = {phrase for phrase in q["evidence"] if holds(text, phrase, [page])}
                    if not on_page:
                        error(f"{where}: no evidence phrase on {gold} page {page}")
                    found |= on_page
            else:
                in_file = {phrase for phrase in q["evidence"] if holds(text, phrase)}
                if not in_file:
                    error(f"{where}: no evidence phrase in {gold}")
                found |= in_file
        if q["gold_pages"] and not any(isinstance(content.get(gold), list) for gold in q["gold_sources"]):
            error(f"{where}: gold_pages given but no gold source is a PDF")
        for phrase in q["evidence"]:
            if phrase not in found:
                pages = f" (pages {q['gold_pages']})" if q["gold_pages"] else ""
                error(f"{where}: evidence {phrase!r} is in no gold source{pages}")
        evidence = "".join(squash(phrase) for phrase in q["evidence"])
        for keyword in q["answer_keywords"]:
            if not any(squash(option) and squash(option) in evidence for option in keyword.split("|")):
                error(f"{where}: answer keyword {keyword!r} is in no evidence phrase")
    for label, (least, test) in MINIMUM.items():
        have = sum(1 for q in loaded if test(q))
        if have < least:
            error(f"{questions.name}: {have} {label} question(s), expected at least {least}")
    print(f"{name}: {len(loaded)} questions; " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + f"; {errors} error(s)")
    return errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=ROOT / "bench/.cache/heldout", help="one folder per corpus under it")
    parser.add_argument("--questions", type=Path, default=ROOT / "corpora", help="holds heldout-<name>-questions.jsonl")
    parser.add_argument("--corpus", choices=sorted(CORPORA), action="append", help="only this corpus (repeatable)")
    parser.add_argument("--find", metavar="PHRASE", action="append", help="print where PHRASE is (repeatable)")
    args = parser.parse_args()
    errors = 0
    for name in args.corpus or CORPORA:
        spec = CORPORA[name]
        corpus = layout(args.cache / name, spec)
        content, chars = texts(corpus, spec)
        if args.find:
            for phrase in args.find:
                find(name, content, phrase)
            continue
        pages = sum(len(t) for t in content.values() if isinstance(t, list))
        print(f"corpus {name}: {corpus} ({len(spec.files)} files" + (f", {pages} PDF pages" if pages else "") + f", {chars:,} characters of text)")
        for file in spec.files:
            print(f"  {file}  {(corpus / file).stat().st_size:,} B")
        questions = args.questions / f"heldout-{name}-questions.jsonl"
        if questions.is_file():
            errors += check(name, content, questions)
        else:
            print(f"{questions} does not exist yet: nothing to check")
    if errors:
        sys.exit(f"{errors} error(s) in the held-out question sets (see above)")


if __name__ == "__main__":
    main()
