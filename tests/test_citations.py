"""Citations that hold: sentence splitting that keeps list numbers, code and versions whole; post-hoc
attribution; the grounding check of numbers and identifiers; the relevance gate's term coverage."""

from __future__ import annotations

from dataclasses import dataclass

from kb.answer.citations import attribute, facts, ground, says_something, segments, unsupported_terms
from kb.records import Hit
from kb.retrieval import term_coverage


@dataclass
class P:
    n: int
    text: str

    def citation(self):
        return self.n


RUNBOOK = [P(1, "Rolling back a deploy: announce in the incident channel, then list the recent releases with "
                "`beaconctl releases --last 5` and roll back with beaconctl rollback <release-id>."),
           P(2, "shared_buffers: Production 16GB; Staging 4GB. Upgrade clients to v1.2.3 before Friday."),
           P(3, "Escalations go to the zebra-penguin channel.")]


def test_list_numbers_are_never_taken_for_sentences():
    answer = ("1. Announce in the incident channel.\n"
              "2. List the recent releases with `beaconctl releases --last 5`.\n"
              "3. Roll back with beaconctl rollback.")
    marked = attribute(answer, RUNBOOK)
    assert marked == ("1. Announce in the incident channel [1].\n"
                      "2. List the recent releases with `beaconctl releases --last 5` [1].\n"
                      "3. Roll back with beaconctl rollback [1].")
    assert "1 [1]" not in marked and "2 [1]" not in marked


def test_a_count_in_words_answers_how_many():
    """LifeLines (round 39): "how many fathers and mothers can one family record have?" is answered
    by "at most one father and one mother", though the question says "one" itself."""
    from kb.answer.citations import restates

    question = "By default, how many fathers and mothers can one family record have?"
    assert not restates(question, "By default, one family record can have at most one father and one mother [2].")
    assert not restates("How many fathers can a family record have?", "A family record can have one father [1].")
    assert restates(question, "By default, one family record can have fathers and mothers [2].")
    family = [P(1, "By default a family record may have at most one father and one mother; see the FAMILY options.")]
    assert not _conclude("By default, one family record can have at most one father and one mother [1].", family, question).refused
    assert _conclude("One family record holds the parents [1].", family, question).refused  # (the question's "one" is no count)
    # (a review's cases: the question's own number word said again, about something else, counts nothing)
    pool = [P(1, "Each worker takes threads from one shared pool of 8.")]
    for asked, reply in (("How many threads does one worker use?", "One worker uses threads from one shared pool [1]."),
                         ("How many snapshots does one volume keep?", "One volume keeps snapshots, one after another [1].")):
        assert _conclude(reply, pool, asked).refused, asked


def test_a_mark_set_apart_as_a_word_ends_no_sentence():
    """execline's "The ? variable holds the exit code …" (round 49): the "?" is the variable's name, and the citation
    marker goes at the sentence's end, not after "The"."""
    text = "The ? variable holds the exit code. Then ! runs it? Yes."
    assert [s.text for s in segments(text) if s.sentence] == ["The ? variable holds the exit code.", " Then ! runs it?", " Yes."]
    from kb.answer.citations import parse_citations
    assert parse_citations("The ? variable holds the exit code [1].", [P(1, "x")])[0] == "The ? variable holds the exit code [1]."
    assert parse_citations("It is 5 [9]. Yes.", [P(1, "x")])[0] == "It is 5. Yes."  # (a removed marker's space goes)
    assert parse_citations("The port is 8080 [9], and the timeout is 30 s [1].", [P(1, "x")])[0] \
        == "The port is 8080, and the timeout is 30 s [1]."
    assert parse_citations("Write `title;.. . title = x` [1].", [P(1, "x")])[0] == "Write `title;... title = x` [1]."
    assert parse_citations("In a glob pattern, ? matches any single character [1].", [P(1, "x")])[0] \
        == "In a glob pattern, ? matches any single character [1]."


def test_an_ellipsis_inside_a_sentence_ends_none():
    """LaTeX2RTF (round 38): "delimited by $ ... $ or \\[ ... \\]" got its marker after the first "$"."""
    reply = "The -M32 switch writes LaTeX delimited by $ ... $ or \\[ ... \\], for MathType. It stands... Then more."
    assert [s.text for s in segments(reply) if s.sentence] == [
        "The -M32 switch writes LaTeX delimited by $ ... $ or \\[ ... \\], for MathType.", " It stands...", " Then more."]
    # (and the space before it stays: "$ ... $", not "$... $")
    from kb.answer.citations import parse_citations
    assert parse_citations("Use $ ... $ [1].", [P(1, "x")])[0] == "Use $ ... $ [1]."
    # (a word after it starts a sentence, as before: "GIF... webp was added in 3.2" is two)
    assert len([s for s in segments("Formats are PNG, GIF... webp was added in 3.2.") if s.sentence]) == 2


def test_code_versions_and_abbreviations_stay_whole():
    pieces = [s.text for s in segments("Run `make deploy. now` first. Upgrade to v1.2.3, e.g. with pip. Done!")
              if s.sentence]
    assert pieces == ["Run `make deploy. now` first.", " Upgrade to v1.2.3, e.g. with pip.", " Done!"]
    text = "Upgrade clients to v1.2.3 before Friday."
    assert attribute(text, RUNBOOK) == "Upgrade clients to v1.2.3 before Friday [2]."
    assert "".join(s.text for s in segments("a. b\n\n1. c\n```\nx. y\n```\n")) == "a. b\n\n1. c\n```\nx. y\n```\n"


def test_facts_are_numbers_and_identifiers_not_list_numbers_or_markers():
    assert facts("Production shared_buffers is 16GB [2].") == {"shared_buffers", "16 gb"}
    assert facts("Use read.csv or `pg_dump -Fc`, since v14 (2,000 rows).") >= {"read.csv", "pg_dump", "-fc", "v14", "2000"}
    # A command's placeholders are not facts: `<package>` need not be in the passage.
    assert facts("Run `apt-mark unhold <package>` or `dpkg -L FILE`.") == {"apt-mark", "unhold", "dpkg", "-l"}
    assert facts("Announce it in the incident channel [1].") == set()


def test_sentences_with_facts_no_passage_holds_are_dropped():
    answer = "Production shared_buffers is 16GB [2]. The default of max_foo_size is 128MB [2]. Escalate early."
    checked = ground(answer, RUNBOOK)
    assert checked.text == "Production shared_buffers is 16GB [2]. Escalate early."
    assert len(checked.dropped) == 1 and "max_foo_size" in checked.dropped[0] and "128" in checked.dropped[0]


def test_facts_spread_over_passages_the_sentence_does_not_cite_are_not_grounded():
    answer = ("Upgrade to v1.2.3 with `beaconctl releases --last 5`. "
              "Production uses 16GB [2] and `beaconctl releases --last 5` [1].")
    checked = ground(answer, RUNBOOK)
    assert checked.text == "Production uses 16GB [2] and `beaconctl releases --last 5` [1]."
    assert "together" in checked.dropped[0]


def test_long_options_are_identifiers():
    assert unsupported_terms("How do I skip recommends with --no-install-recommends?", RUNBOOK) == ["--no-install-recommends"]
    assert unsupported_terms("What does beaconctl releases --last do?", RUNBOOK) == []
    assert facts("Use apt-get --download-only here.") == {"--download-only"}


def test_a_sentence_whose_identifiers_one_passage_holds_is_attributed_even_when_it_restates_the_question():
    """Its other words ("The runbook recommends ... for this") are not in the passage, the command is."""
    text = "The runbook recommends `beaconctl rollback` for this."
    assert attribute(text, RUNBOOK) == "The runbook recommends `beaconctl rollback` for this [1]."
    # Without a fact, a sentence that shares too few words with every passage stays unmarked.
    assert attribute("The runbook recommends a tool for this.", RUNBOOK) == "The runbook recommends a tool for this."


def test_a_citation_naming_the_wrong_passage_moves_to_the_right_one():
    checked = ground("Staging uses 4GB of shared_buffers [1].", RUNBOOK)
    assert checked.text == "Staging uses 4GB of shared_buffers [2]." and checked.repointed == 1


def test_a_repointed_marker_the_words_lean_on_keeps_its_place():
    """"根据[1]中的信息" read "根据中的信息" once its marker moved to the end."""
    checked = ground("根据[1]中的信息，Staging 使用 4GB 的 shared_buffers。", RUNBOOK)
    assert checked.text == "根据[2]中的信息，Staging 使用 4GB 的 shared_buffers。" and checked.repointed == 1
    checked = ground("According to [3], staging uses 4GB of shared_buffers [1].", RUNBOOK)
    assert checked.text == "According to [2], staging uses 4GB of shared_buffers." and checked.repointed == 1
    # Other markers go, and leave no double space behind.
    checked = ground("Staging [3] uses 4GB of shared_buffers [1].", RUNBOOK)
    assert checked.text == "Staging uses 4GB of shared_buffers [2]."


def test_an_answer_made_only_of_ungrounded_facts_has_no_statement_left():
    checked = ground("1. The president is J. Smith since 2019 [3].\n2. Term ends in 2027 [3].", RUNBOOK)
    assert checked.dropped and not says_something(checked.text)
    # Numbers the question itself gives may be repeated.
    assert not ground("In 2019 escalations went to the zebra-penguin channel [3].", RUNBOOK,
                      question="Where did escalations go in 2019?").dropped


def test_question_terms_no_passage_mentions():
    assert unsupported_terms("What is the default of max_foo_size?", RUNBOOK) == ["max_foo_size"]
    assert unsupported_terms("What is shared_buffers on staging?", RUNBOOK) == []
    assert unsupported_terms("What changed in v2.0.0?", RUNBOOK) == ["v2.0.0"]
    assert unsupported_terms("Which channel do escalations go to?", RUNBOOK) == []
    # Bare numbers are not enough to refuse before the model: "500" may be "five hundred" in a passage.
    assert unsupported_terms("Write the numbers from 1 to 500.", RUNBOOK) == []


def _hit(text: str, heading: str = "") -> Hit:
    return Hit(doc_id="d", chunk_id="c", source="a.md", page=None, heading=heading, score=0.0, text=text)


def test_term_coverage_sees_a_passage_that_plainly_holds_the_question():
    assert term_coverage("Which channel do escalations go to?", _hit("Escalations go to the zebra-penguin channel.")) == 1.0
    assert term_coverage("What is the CEO's birthday?", _hit("Escalations go to the zebra-penguin channel.")) == 0.0
    assert term_coverage("How do I run pg_dump nightly?", _hit("We run pg dump nightly.", "Backups")) == 1.0


def test_dotted_abbreviations_do_not_end_a_sentence():
    pieces = [s.text for s in segments("Release 11, a.k.a. the stable distribution, is current. It is supported.")
              if s.sentence]
    assert pieces == ["Release 11, a.k.a. the stable distribution, is current.", " It is supported."]
    assert attribute("Release 11, a.k.a. bullseye, is stable.", [P(1, "Release 11 (a.k.a. bullseye) is stable.")]) \
        == "Release 11, a.k.a. bullseye, is stable [1]."


def test_the_prompts_own_example_is_dropped_unless_a_passage_says_it():
    from kb.answer.prompting import CITATION_EXAMPLE

    echoes = tuple(CITATION_EXAMPLE.values())
    english = [P(1, "The dpkg database lives in /var/lib/dpkg."), P(2, "Packages are built with dpkg-buildpackage.")]
    checked = ground("部署需要两位同事批准 [2]。", english, "部署需要几位同事批准？", echoes)
    assert checked.text == "" and "example" in checked.dropped[0] and not says_something(checked.text)
    assert ground("Deploys need two approvals [2].", english, "", echoes).dropped
    handbook = [P(1, "Deploys need two approvals from the owning team."), P(2, "Office plants are watered on Tuesdays.")]
    assert ground("Deploys need two approvals [1].", handbook, "", echoes).text == "Deploys need two approvals [1]."


def test_a_version_the_passages_never_give_that_product_is_unsupported():
    debian = [P(1, "The current stable distribution is Debian GNU/Linux 12, codenamed bookworm."),
              P(2, "Debian release 11, a.k.a. bullseye, is oldstable. Laptops lock after 5 minutes.")]
    assert unsupported_terms("What is the codename of Debian 14?", debian) == ["debian 14"]
    # A section number after a heading's question mark is not a version.
    assert unsupported_terms("What is the codename of Debian 14?", [P(1, "Can I sell Debian CDs? 14.2. Yes.")]) == []
    assert unsupported_terms("What is the codename of Debian 12?", debian) == []
    assert unsupported_terms("When was Debian 11 released?", debian) == []
    # A name the passages never follow with a number says nothing about versions.
    assert unsupported_terms("Does Bookworm 3 exist?", debian) == []
    assert unsupported_terms("What does PostgreSQL 16 change?", RUNBOOK) == []


def test_typographic_quotes_in_a_pdf_still_ground_an_identifier():
    # pypdf gives `allowUIDProposalModification=”true”` from the Debian Edu manual.
    gosa = [P(1, "open /etc/gosa/gosa.conf and add allowUIDProposalModification=”true” as an additional option")]
    checked = ground('Add `allowUIDProposalModification="true"` to `/etc/gosa/gosa.conf` [1].', gosa)
    assert not checked.dropped and checked.text.endswith("[1].")
    assert ground("Add `allowUIDProposalModification=false` to it [1].", gosa).dropped


@dataclass
class Labelled(P):
    label: str = ""


def test_a_passage_label_an_answer_names_as_its_source_is_not_a_claim():
    passages = [Labelled(1, "The default umask is 022 on Debian; Debian Edu uses 002.", "manual.pdf · p. 12 · Access"),
                Labelled(2, "Release history.", "manual.pdf · p. 100 · Debian 4.0 Etch released 2007-04-08")]
    checked = ground("According to the Debian 4.0 Etch notes, the default umask is 022 [1].", passages)
    assert not checked.dropped
    # A fact in no label and no passage is still dropped.
    assert ground("According to the Debian 5.0 notes, the default umask is 022 [1].", passages).dropped


@dataclass
class Cp(P):
    def citation(self):
        from kb.answer.citations import Citation

        return Citation(self.n, f"d{self.n}", f"c{self.n}", f"doc{self.n}.md", None, "", self.text)


def _conclude(reply: str, passages: list, question: str = "") -> "Answer":
    from kb.answer.generation import Answerer
    from kb.answer.records import Answer
    from kb.settings import LLMSettings

    answerer = Answerer(LLMSettings(), search=lambda q, k: [], is_relevant=lambda hits, q: True,
                        model=lambda: None, model_name="m")
    answer = Answer(question=question, standalone_question=question)
    answerer.conclude(answer, reply, [Cp(p.n, p.text) for p in passages])
    return answer


def test_an_answer_left_with_only_a_pointer_to_the_documents_after_grounding_is_a_refusal():
    veyon = [P(1, "Veyon lets teachers watch screens. The computers that need it are listed in the table.")]
    answer = _conclude("To set up Veyon, edit `/etc/veyon.conf`. The computers that need the Veyon service are listed "
                       "in the table [1].", veyon, "Which configuration file sets up Veyon?")
    assert answer.refused and answer.refused_by == "grounding" and "/etc/veyon.conf" in answer.dropped[0]
    # A remainder that still states a fact of its own stands.
    kept = _conclude("Escalations go to the zebra-penguin channel [3]. Page `oncall-42` first.", RUNBOOK,
                     "Which channel do escalations go to?")
    assert not kept.refused and kept.answer == "Escalations go to the zebra-penguin channel [3]." and kept.dropped


def test_an_answer_no_passage_supports_is_a_refusal():
    answer = _conclude("Each mailbox has its own quota, set per user.", RUNBOOK, "What is the IMAP quota?")
    assert answer.refused and answer.refused_by == "grounding" and answer.citations == []
    assert answer.dropped == ["no passage supports any sentence of the answer"]
    cited = _conclude("Escalations go to the zebra-penguin channel.", RUNBOOK, "Which channel do escalations go to?")
    assert not cited.refused and [c.n for c in cited.citations] == [3] and cited.attribution == "kb"


def test_a_number_is_grounded_with_its_unit():
    journal = [P(1, "Debian Reference 30 / 95. Rotated logs are kept for 30 days; the quota is 10 MiB per user.")]
    assert ground("Old logs are kept for 30 years [1].", journal).dropped  # "30" is there, "30 years" is not
    for kept in ("Old logs are kept for 30 days [1].", "Each user gets 10MB [1].", "旧日志保留 30 天 [1]。"):
        assert not ground(kept, journal).dropped, kept
    assert facts("Sleep 5s, then 10 min, at 80% load.") == {"5 second", "10 minute", "80 percent"}


def test_a_fact_must_be_near_what_the_question_is_about_in_its_passage():
    from kb.answer.citations import anchor_terms

    media = [P(1, "Lifetimes: 100 years : acid free paper. 30 years : magnetic storage (tape, floppy). "
                  + "Filler text about unrelated backups. " * 6 + "journald rotates logs by size.")]
    question = "By default, how long does systemd-journald keep old logs before deleting them?"
    terms = anchor_terms(question)
    assert {"journ", "logs", "delet"} <= terms and "defau" not in terms and "long" not in terms
    checked = ground("Old logs are kept for 30 years [1].", media, question, anchors=terms)
    assert checked.dropped and "not about the question" in checked.dropped[0]
    # The same number beside the question's words is an answer; without anchors only presence counts.
    near = [P(1, "systemd-journald keeps old logs for 30 years unless told otherwise.")]
    assert not ground("Old logs are kept for 30 years [1].", near, question, anchors=terms).dropped
    assert not ground("Old logs are kept for 30 years [1].", media, question.removeprefix("By default, ")).dropped
    # A question about the default wants the amount the passage gives as the default.
    assert "no passage says 30 year is a default" in ground("Old logs are kept for 30 years [1].", media, question).dropped[0]
    assert not ground("Old logs are kept for 30 years [1].", near, question).dropped


def test_a_sentence_is_attributed_by_the_words_it_adds_to_the_question():
    faq = [P(1, "To identify the package a file came from, use dpkg --search; dlocate is faster."), P(2, "Unrelated.")]
    question = "dpkg --search finds which package owns a file; what faster tool does the FAQ suggest?"
    assert attribute("The FAQ suggests using the dlocate tool.", faq, question=question) == \
        "The FAQ suggests using the dlocate tool [1]."
    # A word no passage holds leaves it unmarked.
    assert attribute("The FAQ suggests using the mlocate tool.", faq, question=question) == \
        "The FAQ suggests using the mlocate tool."


def test_a_number_the_passage_spells_out_is_stated():
    manual = [P(1, "An unprotected machine can be compromised in less than three days, and ten ports stay open.")]
    assert not ground("It can be broken into in 3 days [1].", manual).dropped
    assert not ground("10 ports stay open [1].", manual).dropped
    assert ground("It can be broken into in 4 days [1].", manual).dropped
    assert ground("It can be broken into in 3 weeks [1].", manual).dropped
    # Left unmarked, it is cited to the passage that spells its number out.
    assert attribute("3 days.", [P(2, "Unrelated text."), *manual]) == "3 days [1]."


def test_a_kernel_parameter_is_the_same_fact_as_a_sysctl_name_and_as_a_proc_sys_path():
    proc = [P(1, "Enable TCP SYN cookies: echo 1 > /proc/sys/net/ipv4/tcp_syncookies at boot.")]
    assert not ground("Set net.ipv4.tcp_syncookies to 1 [1].", proc).dropped
    sysctl = [P(1, "Add kernel.sysrq = 0 to /etc/sysctl.conf.")]
    assert not ground("Write 0 to /proc/sys/kernel/sysrq [1].", sysctl).dropped
    assert ground("Set net.ipv4.tcp_timestamps to 1 [1].", proc).dropped  # another parameter


def test_a_directory_is_the_same_fact_with_or_without_its_trailing_slash():
    passages = [P(1, "All configuration files should be placed in the /etc/dibbler directory.")]
    assert not ground("The configuration files go in `/etc/dibbler/` [1].", passages).dropped
    assert not ground("The configuration files go in /etc/dibbler/ [1].", passages).dropped
    assert ground("The configuration files go in /etc/dibbler/conf/ [1].", passages).dropped  # a deeper one
    assert ground("The configuration files go in `/etc/dibbler/` [1].", [P(1, "Edit /etc/dibbler.conf first.")]).dropped
    assert ground("Open `http://localhost:631/` [1].", [P(1, "Open http://localhost:6310 in a browser.")]).dropped


def test_a_decimal_is_the_same_fact_with_trailing_zeros_more():
    reference = [P(1, "connect_timeout Units: seconds Default: 3.500 Minimum: 0.000")]
    assert not ground("Varnish tries for 3.5 seconds [1].", reference).dropped
    assert not ground("It gives up after 3.50 seconds [1].", reference).dropped
    assert ground("It gives up after 3.05 seconds [1].", reference).dropped
    versions = [P(1, "Varnish 7.1 changed the ACL log records.")]
    assert ground("It changed in Varnish 7.0 [1].", versions).dropped  # 7.0 is not the start of 7.1
    assert ground("Varnish 7.10 changed them [1].", versions).dropped  # a product's version is exact
    assert ground("Upgrade to version 2.10 [1].", [P(1, "Version 2.1 fixed the leak.")]).dropped
    assert ground("Set the ratio to 1.0 [1].", [P(1, "See step 1 of the guide.")]).dropped


def test_the_digits_of_a_name_are_no_number_the_passage_states():
    rfc = [P(1, "M. Stapp, DHCPv6 Bulk Leasequery, RFC5460, IETF, February 2009. Dibbler uses eth0.")]
    assert ground("Bulk leasequery connections use TCP port 5460 [1].", rfc).dropped
    assert ground("It listens on interface 0 [1].", rfc).dropped
    assert not ground("Bulk leasequery is RFC5460, from 2009 [1].", rfc).dropped
    assert not ground("The values are 1024, 2048 and 4096 [1].", [P(1, "theacceptablevaluesare1024,2048, and 4096.")]).dropped
    key = [P(1, "Fingerprint: 6D5B EF9A DD20 7580 5747 B70F 9F88 FB52 FAF7 B393")]
    assert not ground("The fingerprint is 6D5B EF9A DD20 7580 5747 B70F 9F88 FB52 FAF7 B393 [1].", key).dropped
    assert not ground("It uses port 547 [1].", [P(1, "The server listens on UDP port 547 (port:547).")]).dropped
    relay = [P(1, "The relay listens on ff02::1:2 and forwards at 2:30 to ff05::1:3.")]
    assert ground("It supports 2 levels of relays [1].", relay).dropped
    assert ground("It supports 3 levels of relays [1].", relay).dropped
    assert not ground("It listens on ff02::1:2 [1].", relay).dropped
    # Nor is it the digits of a UUID or hash, which still counts as itself.
    ids = [P(1, "Their collection names will be test and 3b4c9995-5c67-4021-9fa0-be4633623e1c; commit 5d41402abc.")]
    assert ground("iCloud requires collection names of at least 5 characters [1].", ids).dropped
    assert ground("iCloud 要求集合名称的最小长度是 5 个字符 [1]。", ids).dropped
    assert ground("The build came from commit 4021 [1].", ids).dropped
    assert not ground("The second name is 3b4c9995-5c67-4021-9fa0-be4633623e1c [1].", ids).dropped
    assert not ground("It was fixed in commit 5d41402abc [1].", ids).dropped
    assert not ground("It came with version 2.1, in 2023 [1].", [P(1, "2.1 -- 15-Feb-2023: added --force.")]).dropped  # (a date)
    # A hexadecimal number is one fact: 0x20 is not 20.
    status = [P(1, "The exit code is ORed with 0x20 when the child died due to signals.")]
    assert not ground("The exit code is ORed with 0x20 [1].", status).dropped
    assert ground("The exit code is ORed with 0x2 [1].", status).dropped
    assert ground("The exit code is ORed with 20 [1].", status).dropped
    # A dot and digits after no number are one suffix: ".0" is said by "add '.0'", not by "0" (Kernel Handbook, round 43).
    kernel = [P(1, "Many programs parse the kernel version string and expect at least 3 version components. For "
                   "compatibility, the official kernel packages currently add '.0' to the upstream version.")]
    assert not ground("The official packages append '.0' to the upstream version [1].", kernel).dropped
    assert not ground("They append .0 to it [1].", kernel).dropped
    assert ground("They append .1 to it [1].", kernel).dropped
    assert ground("They append '.0' to it [1].", [P(1, "It is version 2.6.0 of the kernel.")]).dropped


def test_a_flag_switched_on_with_plus_names_a_setting():
    from kb.answer.citations import names_no_setting

    question = "Which flag must be added to the acl declaration to log VCL_acl records again?"
    assert not names_no_setting(question, "Add the +log flag to the acl declaration [1].")
    assert names_no_setting(question, "Add a flag to the acl declaration [1].")
    # A list of hyphenated parameter names names settings.
    restart = "Which parameters of the server section only take effect after a restart?"
    assert not names_no_setting(restart, "They are: [1]\n- rundir [1]\n- tcp-reuseport [1]\n- udp-workers [1]")
    assert names_no_setting(restart, "Several parameters of the server section need a restart [1].")
    # ("… after knotd is restarted, are:" leads into the list; "restarted" is no value given back)
    from kb.answer.citations import restates
    listed = "The parameters that take effect after knotd is restarted, not after a reload, are: [1]\n- rundir [1]\n- pidfile [1]"
    assert not restates("Which parameters take effect after knotd is restarted, not after a reload?", listed)


def test_an_answer_that_only_gives_the_question_back_restates_it():
    from kb.answer.citations import restates

    question = "Which port-knocking sequence does knockd expect before it opens SSH?"
    assert restates(question, "knockd expects a certain port-knocking sequence before opening SSH [1].")
    assert not restates(question, "knockd expects the sequence 7000, 8000, 9000 [1].")  # a fact
    assert not restates(question, "knockd expects a sequence sent with the knock client [1].")  # a word of its own
    assert not restates("Does knockd open SSH?", "Yes, knockd opens SSH [1].")
    # The question's own setting given back as its value.
    pipes = "Which file names does upssched use by default for its PIPEFN and LOCKFN settings?"
    assert restates(pipes, "The default file name for the FIFO between processes is PIPEFN, and the file "
                           "created to avoid a race is LOCKFN [1].")
    assert not restates(pipes, "PIPEFN is /run/nut/upssched.pipe and LOCKFN is /run/nut/upssched.lock [1].")
    assert restates(pipes, "When it runs, the default file name for the FIFO between processes is PIPEFN, and the file "
                           "created to avoid a race is LOCKFN [1].")
    # A condition said back is not the answer's value: what follows it is (backup-manager, round 45).
    lists = "What happens to the following incremental tarballs if the incremental list files that tar keeps are deleted?"
    assert not restates(lists, "If the incremental list files that tar keeps are deleted, the next backups won't be incremental.")
    # To "When …?", the condition is the answer.
    assert not restates("When is a backup incremental?", "When the list file is present, the next backup is incremental [1].")
    assert not restates("In which case is the cache stale?", "If the TTL is exceeded, the cached entry is stale [1].")
    for when, answer in (("When exactly is the partial file kept?", "When the transfer is interrupted, the partially "
                                                                     "transferred file is kept [1]."),
                         ("When's the cache flushed?", "When the server stops, the cache is flushed [1]."),
                         ("When, by default, is the write cache flushed?", "When the buffer fills, the write cache is flushed [1]."),
                         ("When the server restarts, when is the write cache flushed?",
                          "When the journal is replayed, the write cache is flushed [1].")):
        assert not restates(when, answer), when
    assert restates("When is the data file written?", "When the data file is written, it is written [1].")
    # A question's opening scene is no "When …?" (coverage.py, round 46).
    branch = "When branch coverage is measured, how is an if statement treated whose else clause is excluded with a pragma?"
    assert not restates(branch, "When branch coverage is measured, an if statement whose else clause is excluded with a "
                                "pragma is treated as having only one possible next line, so it isn't considered a branch at all.")
    assert not restates("Is SSL enabled by default?", "By default, SSL is enabled [1].")
    assert not restates("Which is the default, lz4 or zstd?", "The default is lz4 [1].")
    # The answer's name as itself, not inside a longer word of the question; a count of what is asked in words
    # (MUSIC, round 44).
    method = "Which Setup method does an application call to read the value of a variable defined in the configuration file?"
    assert not restates(method, "An application calls the Setup method `config` to read the value of a variable "
                                "defined in the configuration file [1].")
    assert restates(method, "An application calls a certain Setup method to read the value of a variable defined in "
                            "the configuration file [1].")
    ports = "To how many output ports may one MUSIC input port be connected?"
    assert not restates(ports, "One MUSIC input port may be connected to, at most, one output port [2].")
    assert restates(ports, "One MUSIC input port may be connected to output ports [2].")
    # (a name's piece that facts() reads, "postgre" of PostgreSQL, is the question's; the question's own "one X" counts nothing)
    assert restates("Which port does PostgreSQL listen on by default?", "By default, PostgreSQL listens on the default port [1].")
    assert restates("Which modules does a Debian-based system load?", "A Debian-based system loads modules [1].")
    assert restates("How are Kubernetes Secrets stored?", "Each Kubernetes Secret is stored by Kubernetes [1].")  # (its plural)
    usb = "How many USB devices can be connected to one USB host controller?"
    assert restates(usb, "USB devices can be connected to one USB host controller [1].")
    assert not restates(usb, "Up to 127 USB devices can be connected to one USB host controller [1].")
    # A value word the question does not give is an answer ("yes", "no": shorter than any content word).
    question = "What is the default of usage-count, and what setting stops the reporting?"
    assert not restates(question, "The default of usage-count is yes [1]. To stop the reporting, set usage-count no [1].")


def test_a_rate_unit_is_no_identifier_the_passages_must_name():
    """The question's "30 MiB/s" where the manual writes "given in MB/s"."""
    rate = [P(1, "R is the synchronization rate, given in MB/s. We select 1801, a prime number.")]
    assert unsupported_terms("With a 30 MiB/s sync rate, which number is configured?", rate) == []
    assert unsupported_terms("With a 30 MiB/s sync rate, what is al-extents_max?", rate) == ["al-extents_max"]


def test_a_term_in_a_passage_heading_is_in_the_passage():
    """Chunks under "4.11.9. User login actions: edit /etc/login.defs" do not repeat the path."""
    hit = Hit(chunk_id="c", doc_id="d", source="ch04s11.html", title="", page=None, page_end=None,
              heading="4.11. Providing secure user access > 4.11.9. User login actions: edit /etc/login.defs",
              text="Set LOG_UNKFAIL_ENAB no: user passwords might be logged as usernames.", score=1.0, chunk_index=0, sha256="s")
    assert unsupported_terms("Which /etc/login.defs setting logs failed usernames?", [hit]) == []
    assert unsupported_terms("Which /etc/pam.d/login setting logs failed usernames?", [hit]) == ["etc/pam.d/login"]


def test_a_unit_with_no_amount_restates_the_question():
    from kb.answer.citations import restates

    question = "What is the default value of IPTRAP_DEFAULT_IPSET_OPTIONS, the options iptrap uses for an ipset?"
    assert restates(question, "The default value of IPTRAP_DEFAULT_IPSET_OPTIONS is seconds [1].")  # its identifier is the question's
    assert not restates(question, "The default value of IPTRAP_DEFAULT_IPSET_OPTIONS is 3600 seconds [1].")
    assert not restates(question, "The default value of IPTRAP_DEFAULT_IPSET_OPTIONS is timeout 600 [1].")
    assert not restates(question, "IPTRAP_DEFAULT_IPSET_OPTIONS defaults to the ipset's own hashsize [1].")
    # ... but a question for a unit is answered by one, and "about a minute" is an amount
    unit = "In the glpsol program, in what unit is the value given to --tmlim?"
    assert not restates(unit, "The value given to --tmlim is in seconds [5].")
    assert restates(unit, "The value given to --tmlim is in a unit [5].")
    assert restates("Which units does systemd start at boot?", "systemd starts the units at boot in seconds [1].")
    assert not restates("Roughly how long does running GLPK's configure script take?",
                        "Running GLPK's configure script takes about a minute [1].")


def test_an_according_to_lead_in_is_where_the_answer_read_it_not_what_it_states():
    from kb.answer.citations import claim

    passages = [P(1, "Debian Edu uses umask 002; Debian itself uses 022 by default."),
                P(2, "Release history: Debian 4.0 Etch released 2007-04-08.")]
    sentence = "根据 Debian 4.0 Etch released 2007-04-08 的文档，Debian 默认的 umask 是 022。"
    assert claim(sentence) == "Debian 默认的 umask 是 022。"
    checked = ground(attribute(sentence, passages), passages, question="Debian 默认的 umask 是多少？")
    assert not checked.dropped and "[1]" in checked.text
    # What the sentence itself states is still checked, and its lead-in must name what a passage holds.
    assert ground("According to the Debian 4.0 notes, the umask is 077 [1].", passages).dropped
    assert ground("According to the Debian 5.0 notes, the umask is 022 [1].", passages).dropped


def test_a_made_up_direct_answer_is_marked_and_a_made_up_aside_is_only_dropped():
    passages = [P(1, "Veyon lets teachers watch pupils' screens. Every client with a network card needs the Veyon service.")]
    made_up = ground("You edit `/etc/veyon.conf` [1]. Every client with a network card needs the Veyon service [1].", passages)
    assert made_up.invented_first and made_up.dropped
    aside = ground("Every client with a network card needs the Veyon service [1]. For example, run `veyon-cli start` [1].",
                   passages)
    assert aside.dropped and not aside.invented_first
    # A first sentence about another part of the passages (not made up) is not an invention.
    assert not ground("Teachers watch screens with Veyon [1].", passages).invented_first


def test_an_answer_naming_only_a_certain_thing_restates_the_question():
    from kb.answer.citations import restates

    question = "What port-knocking sequence does knockd's default configuration expect?"
    assert restates(question, "It expects a certain port connection attempt sequence [1].")
    assert not restates(question, "It expects connections to ports 7000, 8000 and 9000 in turn [1].")


def test_a_chinese_questions_latin_words_anchor_its_facts():
    from kb.answer.citations import anchor_terms

    passages = [P(1, "Set a minimum length of passwords higher (6 characters maybe) in /etc/pam.d/passwd. "
                     + "Unrelated text. " * 12 + "MaxAuthTries is listed in sshd_config.")]
    anchors = anchor_terms("sshd_config 中 MaxAuthTries 的默认值是多少？")
    assert {"maxau", "sshd_"} <= anchors
    assert ground("MaxAuthTries 的默认值是 6 [1]。", passages, "sshd_config 中 MaxAuthTries 的默认值是多少？", anchors=anchors).dropped
    near = [P(1, "In sshd_config, MaxAuthTries defaults to 6.")]
    assert not ground("MaxAuthTries 的默认值是 6 [1]。", near, "sshd_config 中 MaxAuthTries 的默认值是多少？", anchors=anchors).dropped


def test_an_identifier_in_chinese_text_ends_where_the_latin_letters_end():
    assert facts("一个 krb5kdc进程最多可以同时为32个realm提供服务。") == {"krb5kdc", "32"}
    assert unsupported_terms("krb5kdc进程最多可以同时为多少个 realm 提供服务？",
                             [P(1, "A single krb5kdc process can serve up to 32 realms.")]) == []


def test_a_sentence_whose_version_only_the_passage_heading_gives_is_attributed_to_it():
    """Sphinx pages put "Upgrade 3.1.x to 3.2.x" in the heading; the text under it never repeats 3.2."""
    passages = [Labelled(1, "Linux distributions Debian 9 and Ubuntu 16.04 are no longer supported.",
                         "migration.html · Migration > Upgrade 3.1.x to 3.2.x > Packaging")]
    assert attribute("Debian 9 and Ubuntu 16.04 lost support with the 3.2 series.", passages).endswith("[1].")


def test_an_amount_and_its_unit_a_few_words_apart_state_the_quantity():
    """A manpage gives "-t, --timeout seconds ... (default is 60)": that states 60 seconds."""
    knotc = [P(1, "-t, --timeout seconds Use a control timeout in seconds. Set to 0 for infinity (default is 60).")]
    assert not ground("The default control timeout is 60 seconds [1].", knotc).dropped
    assert ground("The default control timeout is 60 minutes [1].", knotc).dropped
    # An amount with another unit beside it is that quantity, whatever unit words stand near it.
    assert ground("Old logs are kept for 30 years [1].", [P(1, "Logs are kept 30 days; backups for years.")]).dropped


def test_a_question_acronym_anchors_a_fact():
    from kb.answer.citations import anchor_terms

    question = "What is the largest frame size (MTU) that the kernel-bypass UDP fast path can handle?"
    assert {"mtu", "udp"} <= anchor_terms(question)
    limits = [P(1, "Request and its response must go through the same physical network device. Dynamic DNS over "
                   "XDP is not supported. MTU higher than 1790 bytes is not supported.")]
    assert not ground("The largest MTU it handles is 1790 bytes [1].", limits, question, anchors=anchor_terms(question)).dropped


def test_an_unmarked_sentence_gets_the_passage_that_holds_its_facts_beyond_what_the_question_gives():
    """"64-bit" comes from the question; the passage holds the rest, so the sentence is its."""
    db = [P(1, "Also see catalog-db-max-size."),
          P(2, "journal-db-max-size: the hard limit for the journal database. Default: 20G (20 GiB), or 512M (512 MiB) for 32-bit")]
    question = "What is the default journal-db-max-size, on 64-bit and on 32-bit systems?"
    answer = _conclude("The default journal-db-max-size is 20G (20 GiB) on 64-bit systems and 512M (512 MiB) on 32-bit systems.",
                       db, question)
    assert not answer.refused and [c.n for c in answer.citations] == [2]
    # The grounding check itself cites an unmarked sentence to the passage that holds its facts.
    assert ground("The limit is 20 GiB, or 512 MiB.", db).text == "The limit is 20 GiB, or 512 MiB [2]."


def test_short_options_that_differ_by_case_are_an_answer_not_the_question_given_back():
    from kb.answer.citations import restates

    question = "In Knot DNS 3.2, what were keymgr's -d parameter and kjournalprint's -c parameter renamed to?"
    assert not restates(question, "In Knot DNS 3.2, keymgr's -d parameter was renamed to -D and kjournalprint's -c to -H [1].")
    assert restates(question, "In Knot DNS 3.2, keymgr's -d parameter and kjournalprint's -c parameter were renamed [1].")


def test_a_quoted_command_is_in_a_passage_that_gives_its_words_in_order_near_each_other():
    guide = [P(1, "use the kdb5_util load command on one of the KDCs.\nload [-b7|-r13|-r18] [-hash] [-verbose] filename")]
    assert unsupported_terms("Why not load a dump with `kdb5_util load -hash`?", guide) == []
    assert unsupported_terms("What does `kdb5_util load -sort` do?", guide) == ["kdb5_util load -sort"]
    firehol = [P(1, "FireHOL uses the recent module. Find its current values in /sys/module/xt_recent/parameters/; "
                    "to change them, unload and reload the module.")]  # both words, not as one command
    assert unsupported_terms("Does `firehol reload` keep connections?", firehol) == ["firehol reload"]


def test_an_answer_to_a_who_question_that_names_no_one_is_a_refusal():
    from kb.answer.citations import names_nobody

    assert names_nobody("Who originally wrote the kpropd daemon?", "The kpropd daemon was originally written by the primary KDC [1].")
    assert not names_nobody("Who started the Debian project?", "Ian Murdock started it in 1993 [1].")
    assert not names_nobody("Who backports fixes?", "The Debian Security Team does [2].")
    # a company by its acronym, where the answer says it did it
    assert not names_nobody("Who developed the MPS format?", "IBM developed the MPS format in the 1960s [1].")
    assert not names_nobody("Who developed the MPS format?", "It was developed by IBM [1].")
    assert names_nobody("Who developed the MPS format?", "The FAQ describes the MPS format [1].")
    for nobody in ("FAQ 12 explains how the list is maintained [1].", "GPL applies to the manual [1].",
                   "The address is assigned by DHCP [1].", "It was originally written by KDC administrators [1]."):
        assert names_nobody("Who maintains the package list?", nobody), nobody
    assert not names_nobody("Which daemon propagates the database?", "the primary KDC [1].")  # not a who question
    passages = [P(1, "kpropd was originally written at MIT. The primary KDC runs kprop; the kpropd daemon on each replica "
                     "receives the dump.")]
    answer = _conclude("The kpropd daemon was originally written by the primary KDC [1].", passages,
                       "Who originally wrote the kpropd daemon?")
    assert answer.refused and answer.refused_by == "grounding" and "names no one" in answer.dropped[-1]


def test_a_value_given_as_the_default_needs_a_passage_that_says_it_is_the_default():
    """Near misses answered from an example configuration: "c-max-rate 10M" in a listing is not
    c-max-rate's default."""
    example = [P(1, "An example configuration is provided below: resource r { disk { c-plan-ahead 200; c-max-rate 10M; } }"),
               P(2, "sndbuf-size: the size of the TCP send buffer. The default is 128 KiB; 0 turns on auto-tuning.")]
    checked = ground("The default of c-max-rate is 10M [1].", example, question="What is the default of c-max-rate?")
    assert checked.dropped and "is a default" in checked.dropped[0] and not says_something(checked.text)
    # Stated as a default in the passage: kept.
    assert not ground("The send buffer is 128 KiB by default [2].", example, question="How big is the send buffer?").dropped
    # Not given as a default: the example's value stands.
    assert not ground("The example sets c-max-rate to 10M [1].", example, question="What does the example set?").dropped
    # A default the passage states in other words.
    zstd = [P(1, "zstd[,L]: if you do not explicitly give the compression level L (ranging from 1 to 22), it will use level 3.")]
    assert not ground("The default zstd level is 3 [1].", zstd, question="Which zstd level is the default?").dropped
    # The same for a Chinese answer.
    assert ground("c-max-rate 默认是 10M [1]。", example, question="c-max-rate 的默认值是多少？").dropped


def test_a_list_of_numbers_is_not_one_number_and_a_one_letter_size_unit_is_a_unit():
    """"buzhash,19,23,21,4095" is four numbers (commas group thousands only in threes); "2GB" is
    the passage's "2G"."""
    borg = [P(1, "CHUNKER_PARAMS default: buzhash,19,23,21,4095. Devices: up to 1,048,576."),
            P(2, "Set additional_free_space to 2G to keep room; the example uses 10M.")]
    assert facts("The default is buzhash,19,23,21,4095 [1].") == {"19", "23", "21", "4095"}
    assert facts("Up to 1,048,576 devices [1].") == {"1048576"}
    assert not ground("The default chunker params are buzhash,19,23,21,4095 [1].", borg).dropped
    assert not ground("Hold back 2GB with additional_free_space [2].", borg).dropped
    assert ground("Hold back 3GB with additional_free_space [2].", borg).dropped


def test_the_documents_own_name_anchors_no_fact_and_a_chinese_noun_anchors_its_english_word():
    """"drbd" names the manual (drbd-users-guide.pdf) and is on every page: a number near it answers
    nothing. The Chinese question's 设备 is the passages' "device". A word every passage's text
    shares, but not its file name, still anchors ("hello" in five passages about hello-interval)."""
    from kb.answer.citations import anchor_terms

    question = "DRBD 最多支持多少个设备？"
    anchors = anchor_terms(question)
    assert {"drbd", "devic"} <= anchors
    guide = "drbd-users-guide.pdf · p. {}"
    manual = [Labelled(1, "DRBD resync: the al-extents default is 1237; up to 12 resync streams. " + "Filler. " * 30
                          + "Each device has a minor number.", guide.format(40)),
              Labelled(2, "DRBD meta data is stored at the end of the device.", guide.format(41)),
              Labelled(3, "DRBD is configured in /etc/drbd.conf.", guide.format(9))]
    checked = ground("DRBD 最多支持 12 个设备 [1]。", manual, question, anchors=anchors)
    assert checked.dropped and "not about the question" in checked.dropped[0]
    said = [Labelled(1, "DRBD 8.4 supports up to 1048576 devices.", guide.format(3)), *manual[1:]]
    assert not ground("DRBD 最多支持 1048576 个设备 [1]。", said, question, anchors=anchors).dropped
    # Unless nothing else is left to anchor the fact.
    assert not ground("DRBD 最多支持 12 个 [1]。", manual, "DRBD 最多支持多少个？",
                      anchors=anchor_terms("DRBD 最多支持多少个？")).dropped
    ospf = "ospfd 接口的 hello-interval 默认是多少秒？"
    pages = [Labelled(1, "ospfd interfaces. " + "Filler. " * 30 + "ip ospf hello-interval: the default value is 10 "
                         "seconds.", "ospfd.html · Interfaces"),
             Labelled(2, "ip ospf hello-interval 60 in the sample configuration.", "ospfd.html · Sample"),
             Labelled(3, "ipv6 ospf6 hello-interval: default 10.", "ospf6d.html · OSPF6 interface")]
    assert not ground("ospfd 接口的 hello-interval 默认是 10 秒 [1]。", pages, ospf, anchors=anchor_terms(ospf)).dropped


def test_an_amount_of_another_kind_than_the_question_asks_for_is_no_answer():
    from kb.answer.citations import asked_kind, wrong_kind

    assert asked_kind("How many segment files does compact keep?") == "count"
    assert asked_kind("How many seconds does it wait?") == "time"
    assert asked_kind("How long does the lock last?") == "time"
    assert asked_kind("How much memory can each chunk use?") == "size"
    assert asked_kind("What percentage of space must be free?") == "percent"
    assert asked_kind("最多可以有多少个段文件？") == "count" and asked_kind("锁会保持多久？") == "time"
    assert asked_kind("Which port does it use?") == ""
    question = "How many segment files does borg compact leave untouched by default?"
    assert wrong_kind(question, "By default, --threshold is 10% [1].") == "it gives a percentage; the question asks for a count"
    assert wrong_kind(question, "It leaves 10 segment files untouched [1].") == ""  # a bare count
    assert wrong_kind(question, "It leaves 10 files, each up to 500 MB [1].") == ""
    assert wrong_kind("How much memory can each cached chunk take?", "Up to 8 MiB [1].") == ""
    assert wrong_kind("How much memory can each cached chunk take?", "It waits 5 minutes [1].").startswith("it gives a time")
    assert wrong_kind("最多可以有多少个段文件？", "阈值默认为 10% [1]。").startswith("it gives a percentage")
    # A "how many" answer with no count in it: versions are no count.
    release = "How many UPS drivers does the NUT 2.8.0 release ship?"
    assert wrong_kind(release, "NUT 2.8.0 ships compatibility code, so it is smaller than 1.4 [4].") == \
        "it gives no number; the question asks for a count"
    assert wrong_kind(release, "It ships 46 drivers [1].") == "" and wrong_kind(release, "It ships none [1].") == ""
    # (what "one thread pool" counts is pools, not the question's threads)
    assert wrong_kind("How many threads does one worker use?", "One worker uses one thread pool [1].") == \
        "it gives no number; the question asks for a count"
    # "What is the maximum number of …" asks for a count too; "the number of the port" does not
    most = "What is the maximum number of server partitions that one file server supports?"
    assert asked_kind(most) == "count" and asked_kind("服务器分区的最大数量是多少？") == "count"
    assert asked_kind("What is the number of the port it listens on?") == ""
    assert wrong_kind(most, 'The release notes say: "The total number and size of partitions determines the space" [1].') == \
        "it gives no number; the question asks for a count"
    assert wrong_kind(most, "It supports up to 255 server partitions [1].") == ""
    assert wrong_kind(most, "The maximum number that one file server supports is in the release notes [1].")  # said back
    assert wrong_kind(most, "One file server supports any number of partitions [1].") == ""
    # "how many days" asks for a number of days: an answer with none gives no time
    days = "How many days of entries does aptitude keep in /var/log/aptitude before it rotates the log?"
    assert wrong_kind(days, "There are no entries in /var/log/aptitude before it rotates the log [1].") == \
        "it gives no number; the question asks for a time"
    assert wrong_kind(days, "It keeps seven days [1].") == "" and wrong_kind(days, "It keeps 7 days [1].") == ""
    assert wrong_kind("How long does the lock last?", "Until the process exits [1].") == ""  # no number asked for
    # "how many KB" asks for a size, not a count; "多少 KB" too
    kb = "How many KB of RAM can Apple ][ programs generated by cc65 use in standard settings?"
    assert asked_kind(kb) == "size" and asked_kind("标准设置下程序可以使用多少 KB 的 RAM？") == "size"
    assert wrong_kind(kb, "35.5 KB of RAM can be used [1].") == ""
    assert wrong_kind(kb, "It waits 10 seconds [1].") == "it gives a time; the question asks for a size"
    # "how large" answered with no amount at all gives no size; "no limit" is one
    heap = "How large is the C heap by default for a cc65 program on the Commodore 64?"
    assert wrong_kind(heap, "The C heap is located at the end of the program and grows towards the stack [1].") == \
        "it gives no number; the question asks for a size"
    assert wrong_kind(heap, "The heap takes 4 KB [1].") == "" and wrong_kind(heap, "It has no size limit [1].") == ""
    assert wrong_kind(heap, "It takes two kilobytes [1].") == ""
    # a size said by a name, a unit, a multiple or a part is one; so is a Chinese numeral
    for said in ("It is YY_BUF_SIZE bytes [1].", "It is twice the page size [1].", "A single page [1].",
                 "The size is limited only by available memory [1].", "A quarter of the RAM [1]."):
        assert wrong_kind(heap, said) == "", said
    assert wrong_kind("缓存默认多大？", "默认为一页大小 [1]。") == ""
    assert wrong_kind("缓存默认多大？", "缓存位于程序末尾 [1]。") == "it gives no number; the question asks for a size"
    assert wrong_kind("程序可以使用多少KB内存？", "大约三十五 KB [1]。") == ""
    # "how much video memory" asks for a size outright; the digits of a name ("2D/3D", "Voodoo3") are no amount
    video = "How much video memory does the Voodoo Banshee adapter emulated by Bochs have?"
    assert asked_kind(video) == "size"
    assert wrong_kind(video, "The Voodoo Banshee adapter emulated by Bochs has 2D/3D video memory [1].") == \
        "it gives no number; the question asks for a size"
    for said in ("It has 16 MB [1].", "It has 16MB [1].", "The Voodoo3 has 4k [1].", "It has 16 [1]."):
        assert wrong_kind(video, said) == "", said
    assert wrong_kind("How many CPUs does it emulate?", "It emulates the i386 and x86-64 CPUs [1].") == \
        "it gives no number; the question asks for a count"
    assert wrong_kind(video, "It has 2D/3D video memory, like the Riva128 [1].") == "it gives no number; the question asks for a size"
    for said in ("It has 16Mbytes of video memory [1].", "It has 4096B [1].", "It has 1,024 KB [1].", "It is YY_BUF_SIZE [1]."):
        assert wrong_kind(video, said) == "", said
    for many, said in (("How many times faster is the JIT?", "About 10x faster [1]."),
                       ("How many bits wide is the ALU?", "It is a 64bit ALU [1].")):
        assert wrong_kind(many, said) == "", said
    # (the words before the thing sized are no verb, "of" or "time": those questions ask for no size)
    for asked, said in (("How much does the disk cache improve write performance?", "By about 40% [1]."),
                        ("How much of the disk space is used by the index?", "About 5% [1]."),
                        ("How much time does disk checking take?", "About 10 minutes [1]."),
                        ("How much does the RAM disk speed up builds?", "Builds finish noticeably faster [1].")):
        assert wrong_kind(asked, said) == "", asked
    assert asked_kind("How much free disk space does the build need?") == "size"
    # only a question that asks for a size outright
    assert wrong_kind("How large a role does caching play in performance?", "Caching is the main factor [1].") == ""
    assert wrong_kind("缓存在多大程度上影响性能？", "缓存对性能影响很大 [1]。") == ""
    assert wrong_kind("Can I control how large the generated scanner is?", "Yes, use -Cem for the smallest tables [1].") == ""
    # A question that asks several things may get amounts of several kinds, or a part answered alone.
    assert wrong_kind("How many peers does it take, and which option raises it?", "Use --limit-fds [1].") == ""
    assert wrong_kind("最多多少个对等体？用哪个选项提高？", "使用 --limit-fds [1]。") == ""
    assert wrong_kind("Which compression is the default?", "lz4, at 10% of the cost [1].") == ""
    # a version said in Chinese is one
    mmo = "写入 mmo 文件时，GPSBabel 默认使用哪个内部版本号？"
    assert wrong_kind(mmo, "默认情况下，GPSBabel 使用版本 18 内部版本号 [1]。") == ""
    assert wrong_kind(mmo, "默认使用最新的内部格式 [1]。") == "it gives no version; the question asks for one"


def test_an_answer_giving_another_kind_of_amount_is_refused_and_says_why():
    borg = [P(1, "borg compact --threshold PERCENT: compact segments that would free at least this much space (default: 10%).")]
    answer = _conclude("By default, borg compact uses a threshold of 10% [1].", borg,
                       "How many segment files does borg compact leave untouched by default?")
    assert answer.refused and answer.refused_by == "grounding"
    assert "gives a percentage; the question asks for a count" in answer.dropped[-1]
    kept = _conclude("By default, borg compact uses a threshold of 10% [1].", borg,
                     "What percentage of saved space does borg compact need by default?")
    assert not kept.refused and "10%" in kept.answer


def test_an_answer_about_a_neighbouring_setting_names_its_sibling():
    from kb.answer.citations import sibling

    question = "What is the default ko-count in DRBD 8.4?"
    assert sibling(question, "The default of usage-count is ask [1].") == "usage-count"
    assert sibling(question, "The ko-count defaults to 7 [1].") == ""
    assert sibling(question, "It is 7 by default [1].") == ""  # names nothing else
    assert sibling(question, "The file is read-only [1].") == ""  # no part in common
    assert sibling("bgpd 的 read-quanta 默认值是多少？", "write-quanta 的默认值是 64 [1]。") == "write-quanta"
    assert sibling("What is ripngd's default flush_timer?", "The update_timer is 30 [1].") == "update_timer"
    assert sibling("What is ripngd's default flush_timer?", "Set it in ripngd.conf with debug-level 2 [1].") == ""
    # To a question for a function's or a command's name, another name is the answer (bzip2, round 53).
    unused = "Which libbzip2 function collects the data that BZ2_bzRead read past the logical end of a compressed stream?"
    assert sibling(unused, "BZ2_bzReadGetUnused [3].") == ""
    assert sibling("What does BZ2_bzRead return at the end of a stream?", "BZ2_bzReadGetUnused returns it [3].") \
        == "bz2_bzreadgetunused"
    assert sibling("Which function does BZ2_bzRead call at the end of a stream?", "BZ2_bzReadGetUnused [3].") \
        == "bz2_bzreadgetunused"
    # (the review's: a question for what a setting is for, or a setting named "command-…", asks no function's name)
    assert sibling("What is the function of the ko-count option?", "usage-count controls usage statistics [1].") == "usage-count"
    assert sibling("What command-timeout does the agent use by default?", "connect-timeout defaults to 30 seconds [1].") \
        == "connect-timeout"
    # A file named after the key is no neighbour of key-id: a neighbour has as many parts.
    assert sibling("For the key with key-id 0x01020304, what must the key file be called?",
                   "The key file must be named AAA-key-01020304 [1].") == ""


def test_a_new_value_spelled_like_the_asked_setting_is_no_restatement():
    from kb.answer.citations import restates

    question = "What is the default duid-type of dibbler-client?"
    assert not restates(question, "The default duid-type of dibbler-client is DUID-LLT [1].")
    assert restates(question, "The default duid-type of dibbler-client is duid-type [1].")
    # A word that ends the question's sentence is the same word in the answer.
    asked = "An object is held for another minute for conditional backend fetches. How long does it stay?"
    assert restates(asked, "The object is held for another minute for conditional backend fetches [1].")


def test_a_keyword_spelled_in_capitals_answers_which_keyword_though_the_question_uses_the_word():
    """Coco/R's "COMMENTS FROM "/*" TO "*/" NESTED": to "which keyword …", the question's own word
    written in capitals as a cited passage writes it is the answer. Not a keyword no passage spells
    so ("CASE"), nor an acronym the model capitalised to another kind of question ("the API token")."""
    from kb.answer.citations import restates

    comments = [P(1, 'COMMENTS FROM "/*" TO "*/" NESTED\nThe keyword NESTED allows comments to be nested.')]
    question = "Which keyword in a COMMENTS declaration allows the comments to be nested?"
    assert not restates(question, "The keyword NESTED allows the comments to be nested [1].", comments)
    assert restates(question, "The keyword NESTED allows the comments to be nested [1].")  # no passage spells it so
    assert restates(question, "The keyword in a COMMENTS declaration allows the comments to be nested [1].", comments)
    assert restates("How are comments nested in a COMMENTS declaration?", "Comments are NESTED in a COMMENTS declaration [1].",
                    comments)
    scanner = [P(1, "IGNORECASE makes the scanner case-insensitive; otherwise the scanner does not change the case of letters.")]
    assert restates("Which keyword makes the scanner ignore the case of letters?",
                    "The keyword CASE makes the scanner ignore the case of letters [1].", scanner)
    api = [P(1, "Each request to the API must carry a session token.")]
    assert restates("What token does the api use for authentication?", "The API uses a token for authentication [1].", api)
    # Only where the passage says what the keyword does in the question's word: not IGNORE, where the
    # passage never says it ignores case, nor an acronym ("TLS mode").
    ignore = [P(1, "Characters the scanner skips are declared after IGNORE, e.g. IGNORE cr + lf + tab.")]
    assert restates("Which keyword makes the scanner ignore the case of letters?",
                    "The keyword IGNORE makes the scanner ignore the case of letters [1].", ignore)
    listen = [P(1, "listen 443 ssl; The ssl parameter makes connections on this port work in TLS mode.")]
    assert restates("Which keyword turns on tls for a listen socket?", "The keyword TLS turns on tls for a listen socket [1].", listen)


def test_a_default_from_the_passage_naming_the_asked_setting_is_kept_though_another_names_its_file():
    relay = [P(1, "Edit relay.conf for the relay and put it in /etc/dibbler."),
             P(2, "7.3 Options. log-level – (scope: global, type: integer, default: 7) Defines verbose level of "
                  "the log messages."),
             P(3, "# relay.conf - relay 1\nlog-level 8\nlog-mode full")]
    question = "If log-level is not set in relay.conf, which logging level does dibbler-relay use?"
    checked = ground("If log-level is not set, dibbler-relay defaults to 7 [2].", relay, question, (),
                     {"log-l", "level", "relay", "loggi", "conf"})
    assert checked.dropped == [] and checked.text.endswith("[2].")
    # A value from the passage that names only the file is still not the default.
    wrong = ground("If log-level is not set, dibbler-relay defaults to 8 [3].", relay, question, (),
                   {"log-l", "level", "relay", "loggi", "conf"})
    assert wrong.dropped and "default" in wrong.dropped[0]
    # The product's own program (dibbler-relay, in a manual whose every page is from
    # dibbler-users-guide.pdf) does not rule out a passage that says "relay".
    guide = "dibbler-users-guide.pdf · p. "
    multicast = [Headed(1, "dibbler-relay listens for client messages on ff02::1:2 when client multicast is set.",
                        label=guide + "97"),
                 Headed(2, "During normal operation, relay sends forwarded messages to the All DHCP Servers "
                           "(FF05::1:3) address.", label=guide + "100")]
    asked = "During normal operation, to which multicast group does dibbler-relay send the messages it forwards?"
    anchors = {"multi", "group", "forwa", "messa", "norma", "opera"}
    assert not ground("dibbler-relay sends them to FF05::1:3 [2].", multicast, asked, (), anchors).dropped
    # Any other hyphenated name does: a port from a passage that never names DNS-over-HTTPS is not its port.
    knot = [Headed(1, "DNS-over-HTTPS (DoH) support in kdig: libnghttp2.", label="requirements.html · Optional"),
            Headed(2, "listen-tls: the default port is 853 for DNS over TLS.", label="reference.html · server")]
    doh = "Which port does knotd listen on by default as a DNS-over-HTTPS server?"
    assert "not about the question" in ground("The default port is 853 [2].", knot, doh).dropped[0]


def test_an_answer_naming_the_sibling_setting_is_refused_and_says_why():
    drbd = [P(1, "usage-count: the default is ask. ko-count: if the secondary does not finish a write request in "
                 "timeout * ko-count, it is expelled.")]
    answer = _conclude("The default of usage-count is ask [1].", drbd, "What is the default ko-count?")
    assert answer.refused and answer.refused_by == "grounding" and "about usage-count" in answer.dropped[-1]
    kept = _conclude("The default of usage-count is ask [1].", drbd, "What is the default usage-count?")
    assert not kept.refused and "ask" in kept.answer


def test_a_code_block_with_a_command_no_passage_gives_is_dropped_with_its_lead_in():
    nut = [P(1, "nut-driver-enumerator keeps the service instances in step with ups.conf. One addition is the "
                "resync argument to trigger nut-driver-enumerator."),
           P(2, "To check the setup, run upsdrvctl -t shutdown as root.")]
    answer = ("The service is nut-driver-enumerator [1]. To trigger it by hand, run:\n\n```bash\n"
              "sudo systemctl restart nut-driver-enumerator [1]\n```\n")
    checked = ground(answer, nut)
    assert checked.text == "The service is nut-driver-enumerator [1]."
    assert checked.dropped == ["`sudo systemctl restart nut-driver-enumerator [1]` (a command no passage gives)"]
    # A command a passage gives stands (its prompt and sudo aside).
    given = "Test it first:\n```\n$ sudo upsdrvctl -t shutdown\n# then for real\n```\n"
    kept = ground(given, nut)  # (its lead-in, unmarked, cites the passage that gives it)
    assert kept.text == given.strip().replace("first:", "first [2]:", 1) and not kept.dropped


def test_quoted_words_and_a_product_version_must_be_in_a_passage_as_they_stand():
    manual = [P(1, 'NOTIFYMSG ONLINE "UPS %s on line power". Build against libusb-1.0 when found.'),
              P(2, "upsd supports TLS version 1.2 and later through OpenSSL.")]
    assert facts('The message is "UPS battery low" [1].') == {"ups battery low"}
    assert ground('The default ONBATT text is "UPS battery low" [1].', manual).dropped
    assert not ground('The ONLINE text is "UPS %s on line power" [1].', manual).dropped
    assert facts("The minimum is TLS 1.0 [1].") == {"tls 1.0"}
    assert ground("The minimum is TLS 1.0 [1].", manual).dropped  # libusb-1.0 states no TLS version
    assert not ground("The minimum is TLS 1.2 [2].", manual).dropped  # "TLS version 1.2"


def test_a_default_in_other_words_needs_a_passage_that_says_it_is_one():
    vrrp = [P(1, "show vrrp: Status (v4) Master Priority 200 Effective Priority (v4) 200 Preempt Mode Yes"),
            P(2, "vrrp (1-255) priority (1-254): set the router's priority; 255 is reserved for the owner.")]
    question = "What VRRP priority does a virtual router get when no priority is configured for it?"
    checked = ground("It gets a priority of 200 when no priority is configured for it [1].", vrrp, question)
    assert checked.dropped and "is a default" in checked.dropped[0]
    assert ground("未配置时优先级为 200 [1]。", vrrp, question).dropped
    assert not ground("The router shows priority 200 [1].", vrrp, "Which priority does show vrrp print?").dropped


def test_the_things_a_question_asks():
    from kb.answer.citations import question_parts

    question = "With the OpenSSL back end, which line makes upsmon verify certificates, and which refuses plain connections?"
    assert question_parts(question) == ["With the OpenSSL back end, which line makes upsmon verify certificates",
                                        "which refuses plain connections?"]
    assert question_parts("Which TCP and UDP ports does upsd use?") == []  # one thing, of two kinds
    assert question_parts("vtysh 连接哪个目录下的套接字？用户需要属于哪个组？") == ["vtysh 连接哪个目录下的套接字？", "用户需要属于哪个组？"]
    assert question_parts("手册建议 upsd.conf 设置成什么权限？") == []
    # A second part may start with a preposition; a clause that sets the scene is no part of its own.
    assert question_parts("What is the default of max_restarts, and with which status is vcl_synth called?") == [
        "What is the default of max_restarts", "with which status is vcl_synth called?"]
    assert question_parts("When varnishd is started with -M, which port does it connect to?") == []
    assert len(question_parts("When is the release due, and which version ships?")) == 2
    assert len(question_parts("How many slots does the table get, and about how much memory does each cost?")) == 2


def test_an_amount_answering_what_holds_when_nothing_is_set_must_be_given_as_the_default():
    dibbler = [P(1, "Prefix class is declared as: pd-class { pd-pool prefix/length pd-length prefix-length }. "
                    "Example: pd-class { pd-pool 2222::/80 pd-length 96 T1 11111 }")]
    question = "If a pd-class has a pd-pool but no pd-length line, which prefix length does the server delegate?"
    checked = ground("The server delegates a prefix length of 96 bits [1].", dibbler, question)
    assert checked.dropped and "no passage says 96" in checked.dropped[0]
    stated = [P(1, "pd-length – the prefix length delegated to clients. If not specified, 64 is used.")]
    assert not ground("The server delegates a prefix length of 64 bits [1].", stated, question).dropped
    # The same amount asked for without "when nothing is set" only needs to be in the passage.
    assert not ground("It delegates /96 prefixes [1].", dibbler, "Which prefix length does the example pd-class delegate?").dropped


def test_a_fact_about_a_named_setting_comes_from_a_passage_that_names_it():
    rip = [P(1, "ripngd commands: flush_timer TIME: Set flush timer. network NETWORK: enable RIPng."),
           P(2, "ripd: timers basic UPDATE TIMEOUT GARBAGE. The default settings for the timers are as follows: "
                "the update timer is 30 seconds, the timeout timer is 180 seconds.")]
    question = "What is the default flush_timer in ripngd?"
    checked = ground("The default flush_timer in ripngd is 30 seconds [2].", rip, question)
    assert checked.dropped and "not about the question" in checked.dropped[0]
    # A question that asks several things may name the setting for one part alone.
    both = "What does flush_timer set in ripngd, and what is ripd's default update timer?"
    assert not ground("The update timer is 30 seconds by default [2].", rip, both).dropped


def test_a_default_comes_after_the_name_of_the_setting_it_belongs_to():
    bgp = [P(1, "write-quanta (1-64)¶ BGP message Tx I/O is vectored. This value controls how many packets are "
                "written at a time. In practice, leave this settings on the default (64) unless you truly know what "
                "you are doing. read-quanta (1-10)¶ Unlike Tx, BGP Rx traffic is not vectored. As with "
                "write-quanta, it is best to leave this setting on the default.")]
    read = ground("The default value of bgpd's read-quanta is 64 [1].", bgp, "What is the default of bgpd's read-quanta?")
    assert read.dropped and "as the value of read-quanta" in read.dropped[0]
    assert ground("read-quanta 默认是 64 [1]。", bgp, "bgpd的read-quanta默认值是多少？").dropped  # no spaces around it
    # the largest value of its range is no default either, however near "the default (64)"
    assert ground("默认值是10 [1]。", bgp, "bgpd 的 read-quanta 默认值是多少？").dropped
    assert not ground("read-quanta takes values from 1 to 10 [1].", bgp, "Which values does read-quanta take?").dropped
    # the same value for the setting whose entry gives it, in a Chinese question too
    assert not ground("The default value of write-quanta is 64 [1].", bgp, "What is the default of write-quanta?").dropped
    assert not ground("write-quanta 默认是 64 [1]。", bgp, "bgpd 的 write-quanta 默认值是多少？").dropped
    # a question that asks two things: each value after its own name, however long the entry
    ospf = [P(1, "ip ospf dead-interval (1-65535)¶ Set number of seconds for RouterDeadInterval timer value used "
                 "for Wait Timer and Inactivity Timer. This value must be the same for all routers attached to a "
                 "common network. The default value is 40 seconds. ip ospf hello-interval (1-65535)¶ Set number of "
                 "seconds for HelloInterval timer value. Setting this value, Hello packet will be sent every timer "
                 "value seconds on the specified interface. The default value is 10 seconds.")]
    both = "ospfd 接口的 hello-interval 和 dead-interval 默认分别是多少秒？"
    assert not ground("hello-interval 默认是 10 秒，dead-interval 默认是 40 秒 [1]。", ospf, both).dropped
    assert ground("hello-interval 默认是 40 秒，dead-interval 默认是 10 秒 [1]。", ospf, both).dropped  # swapped
    # a programmer's entry runs long: its wiring first, then its parameters and their defaults (AVRDUDE's PICkit2)
    pickit = [P(1, "PICkit2 Connection to the PICkit2 programmer: (AVR): (PICkit2) RST: VPP/MCLR (1) VDD: VDD Target "
                   "(2) -- possibly optional if AVR self powered GND: GND (3) SDI: PGD (4) SCLK: PDC (5) OSI: AUX (6) "
                   "Extended command line parameters: 'clockrate=rate' Sets the SPI clocking rate in Hz (default is "
                   "100kHz). Alternately the -B or -i options can be used to set the period. "
                   "'timeout=usb-transaction-timeout' Sets the timeout for USB reads and writes in milliseconds "
                   "(default is 1500 ms). USBasp Extended parameters: 'section_config' Programmer will erase.")]
    assert not ground("The default USB transaction timeout is 1500 milliseconds [1].", pickit,
                      "How long does avrdude wait for USB reads and writes with the PICkit2 programmer, if I don't set it?").dropped


@dataclass
class Headed(P):
    label: str = ""


def test_a_default_given_before_its_name_in_a_sentence_or_under_its_heading_is_one():
    before = [P(1, "Tuning. By default a 64 KiB buffer-size is used. The default of 30 seconds for "
                   "timeout-interval suits most links. | 5 | max-retries | retries before giving up |")]
    assert not ground("The default buffer-size is 64 KiB [1].", before, "What is the default buffer-size?").dropped
    assert not ground("The default timeout-interval is 30 seconds [1].", before,
                      "What is the default timeout-interval?").dropped
    assert not ground("max-retries defaults to 5 [1].", before, "What is the default of max-retries?").dropped
    # a name inside a longer one is another setting: c-max-rate's 10M is not max-rate's
    rates = [P(1, "c-max-rate (default 10M). max-rate sets the maximum rate.")]
    assert ground("The default max-rate is 10M [1].", rates, "What is the default max-rate?").dropped
    # the entry under its own heading, its default far below the name
    entry = [Headed(1, "retry-interval sets how long to wait. " + "It applies to every peer. " * 20 +
                    "The default is 30 seconds.", label="manual.html · Peers > retry-interval")]
    assert not ground("The default retry-interval is 30 seconds [1].", entry, "What is the default retry-interval?").dropped


def test_a_reply_that_quotes_a_passage_as_it_stands_gets_its_citation():
    faq = [P(1, "Search patterns are described in the reference manual."),
           P(2, "For instance, you can find apt (but not aptitude or synaptic) by entering ^apt$ ; you can find g++ ...")]
    assert attribute("^apt$", faq, question="Which search pattern finds only apt?") == "^apt$ [2]"
    assert attribute("^apt$", faq[:1], question="Which search pattern finds only apt?") == "^apt$"  # no passage holds it


def test_a_configuration_key_joined_by_double_colons_is_a_term_the_passages_must_name():
    options = [P(1, "Option: Aptitude::ProblemResolver::Non-Default-Level Default: 50000 Description: the safety cost "
                    "of installing non-default versions.")]
    assert unsupported_terms("What is the default of aptitude::problemresolver::upgrade-level?", options) == \
        ["aptitude::problemresolver::upgrade-level"]
    assert unsupported_terms("What is the default of Aptitude::ProblemResolver::Non-Default-Level?", options) == []


def test_an_answer_to_which_setting_names_one():
    from kb.answer.citations import names_no_setting

    question = "Which proxy setting does aptitude read when it downloads changelogs and screenshots?"
    assert names_no_setting(question, "The proxy setting is read from the configuration file reference [1].")
    assert names_no_setting(question, "aptitude's proxy setting isn't one the manual gives [1].")  # apostrophes quote nothing
    assert not names_no_setting(question, 'It reads "Acquire::http::Proxy" [1].')
    assert not names_no_setting(question, "It reads Acquire::http::Proxy [1].")
    assert not names_no_setting(question, "It reads the `http_proxy` environment variable [1].")
    assert not names_no_setting(question, "It reads HTTP_PROXY [1].")
    # A build's define or macro has a name too (LibTomMath, round 51); "which files define the …" asks for files.
    tweak = "Which build tweak define enables a slower but smaller mp_div() function?"
    assert names_no_setting(tweak, "The build tweak that enables a slower but smaller mp_div() function is defined in the "
                                   "last pass of the configuration phase [1].")
    assert not names_no_setting(tweak, "It is BN_MP_DIV_SMALL [1].")
    assert names_no_setting("Which preprocessor macro switches off the Lucas-Selfridge test?", "A macro in the header does [1].")
    assert not names_no_setting("Which header files define the mp_int type?", "The main header does [1].")
    # (the review's cases: "define" a verb, a macro of no build, and a C name of the implementation's)
    assert not names_no_setting("Which header defines PATH_MAX?", "The limits header [1].")
    assert not names_no_setting("Which Vim macro register holds the last recording?", "The q register [1].")
    assert not names_no_setting("Which LaTeX macro starts a new section?", "It is \\section [1].")
    assert not names_no_setting("Which feature test macro enables the GNU extensions?", "Define _GNU_SOURCE [1].")
    # A name in capitalised humps, as a passage writes it: libconfig's C++ API (round 47).
    output = "Which option controls whether a semicolon is written after each setting when a configuration is output?"
    cpp = [P(1, "Config::OptionSemicolonSeparators This option controls whether a semicolon (';') is output after "
                "each setting when the configuration is written to a file or stream.")]
    assert not names_no_setting(output, "The option is OptionSemicolonSeparators [1].", cpp)
    assert names_no_setting(output, "The option is set in the ConfigFileWriter [1].", cpp)  # no passage writes it
    bare = [P(1, "By default this option is turned off. OptionSemicolonSeparators This option controls whether a "
                 "semicolon (';') is output after each setting.")]  # (libconfig's PDF, as extracted)
    assert not names_no_setting(output, "The option is OptionSemicolonSeparators [1].", bare)
    # (not a class, an exception or a product a passage names in prose: the review's cases)
    timeout = "Which option sets the read timeout?"
    assert names_no_setting(timeout, "A SocketTimeoutException is thrown when it expires [1].",
                            [P(1, "When the read timeout expires, a SocketTimeoutException is thrown.")])
    assert names_no_setting("Which option sets the storage backend?", "The storage backend is SQLite [1].",
                            [P(1, "kb keeps its index in SQLite; the storage backend is chosen at build time.")])
    # A keyword in command notation, as a passage writes it: THE's "[SET] WORD NONBlank|ALPHAnum" (round 44).
    word = "Which SET WORD option makes THE treat a run of consecutive alphanumeric characters as one word?"
    syntax = [P(1, "Syntax: [SET] WORD NONBlank|ALPHAnum Description: The SET WORD set command determines what sequence "
                   "of characters THE considers a word to be.")]
    assert not names_no_setting(word, "The SET WORD option that makes THE treat a run of consecutive alphanumeric "
                                      "characters as one word is ALPHAnum [1].", syntax)
    assert names_no_setting(word, "It is set in the URLs list [1].", [P(1, "The URLs list holds them.")])
    assert names_no_setting("Which option of SET WORD comes after ALPHAnum?", "ALPHAnum [1].", syntax)  # the question's own
    from kb.answer.citations import restates
    assert not restates(word, "The SET WORD option that makes THE treat a run of consecutive alphanumeric characters as "
                              "one word is ALPHAnum [1].", syntax)
    assert not _conclude("The SET WORD option that makes THE treat a run of consecutive alphanumeric characters as one "
                         "word is ALPHAnum [1].", syntax, word).refused
    assert restates(word, "The SET WORD option makes THE treat a run of consecutive alphanumeric characters as one word [1].", syntax)
    # (a name the question gives with a digit after it is the question's, and a product's name in prose no value)
    oauth = [P(1, "OAuth tokens are refreshed by the client library before they expire.")]
    assert restates("How are OAuth2 tokens refreshed?", "OAuth tokens are refreshed when they are refreshed [1].", oauth)
    # (a cased word counts as a value only where a cited passage sets it out as a name, not in prose)
    assert restates(word, "The SET WORD option makes THE treat a run of consecutive alphanumeric characters as one "
                          "word, ALPHAnum [1].", [P(1, "In alphanumeric mode, ALPHAnum words are one word.")])
    # one word in single quotes is a name too: "the 'Cfe' setting"
    assert not names_no_setting(question, "The manual suggests the 'Cfe' setting [1].")
    assert not names_no_setting(question, "The manual suggests the ‘Cfe’ setting [1].")
    assert not names_no_setting(question, "使用‘Cfe’设置 [1]。")
    # ... but not a section, a key or a value in quotes
    assert names_no_setting(question, "See the 'Options' section of the manual [1].")
    assert names_no_setting(question, "Press 'Enter' to accept each prompt [1].")
    assert names_no_setting(question, "Set the option to 'true' in the configuration file [1].")
    assert not names_no_setting("Which two settings give a user full powers?", "- [admin] actions = set instcmds = all [1]")
    assert not names_no_setting("哪个选项让 aptitude 不询问？", "使用 -y 选项 [1]。")
    assert names_no_setting("哪个选项让 aptitude 不询问？", "使用相应的选项 [1]。")
    assert not names_no_setting("Which port does it use?", "The usual one [1].")  # asks for no setting
    # a question that asks several things may be answered in part
    assert not names_no_setting("Which option caps the bandwidth, and what is its default?", "Its default is 0 [1].")


def test_an_answer_that_gives_the_question_back_in_another_verb_form_restates_it():
    from kb.answer.citations import restates

    question = "Which fs setacl command does the guide give to let every AFS user look up and read the /afs directory?"
    assert restates(question, "The guide gives the fs setacl command to let every AFS user look up and read the /afs directory [1].")
    assert not restates(question, "The guide gives fs setacl /afs system:anyuser rl [1].")


def test_a_value_in_a_list_that_a_sentence_of_defaults_opens_is_a_default():
    """SDCC's sdcdbsrc.el options "are bound to default values … The variables are listed below":
    the list's values are those defaults, though "default" stands 170 characters before one."""
    emacs = [P(1, "The command line options that are passed to the simulator directly are bound to default values in "
                  "the file sdcdbsrc.el. The variables are listed below, these values maybe changed as required. "
                  "• sdcdbsrc-cpu-type '51 • sdcdbsrc-frequency '11059200 • sdcdbsrc-serial nil The following is a list")]
    assert not ground("传给模拟器的时钟频率默认值是 11059200 [1]。", emacs, "传给模拟器的时钟频率默认值是多少？").dropped
    # a list no sentence of defaults opens gives no default
    plain = [P(1, "The command line options that are passed to the simulator are set in the file sdcdbsrc.el. The "
                  "variables are listed below, these values maybe changed as required. • sdcdbsrc-cpu-type '51 "
                  "• sdcdbsrc-frequency '11059200 • sdcdbsrc-serial nil")]
    assert ground("传给模拟器的时钟频率默认值是 11059200 [1]。", plain, "传给模拟器的时钟频率默认值是多少？").dropped


def test_a_setting_whose_description_names_its_unit_states_its_default_in_that_unit():
    """Supervisor's reference: "stopwaitsecs The number of seconds to wait ... Default: 10"."""
    ref = [P(1, "stopwaitsecs The number of seconds to wait for the OS to return a SIGCHLD to supervisord after "
                "the program has been sent a stopsignal. If this number of seconds elapses before supervisord "
                "receives a SIGCHLD from the process, supervisord will attempt to kill it with a final SIGKILL. "
                "Default: 10 Required: No. startretries The number of serial failure attempts. Default: 3")]
    assert not ground("The default of stopwaitsecs is 10 seconds [1].", ref).dropped
    assert ground("The default of stopwaitsecs is 10 minutes [1].", ref).dropped
    # The unit belongs to its own setting's default only: startretries' 3 is no number of seconds.
    assert ground("supervisord waits 3 seconds [1].", ref).dropped


def test_a_default_given_to_a_placeholder_has_the_unit_its_description_gives_the_placeholder():
    """Prover9's options: "assign(max_megs, n). % default n=200 ... when (about) n megabytes of memory"."""
    options = [P(1, "assign(max_seconds_per, n). % default n=-1, range [-1 .. INT_MAX] % command-line -s n The "
                    "parameter allows at most n seconds for each domain size. assign(max_megs, n). % default n=200, "
                    "range [-1 .. INT_MAX] % command-line -b n The parameter max_megs says to stop searching when "
                    "(about) n megabytes of memory have been used. A value of -1 means there is no limit.")]
    question = "Prover9 的 max_megs 参数默认值是多少（单位 MB）？"
    assert not ground("Prover9 的 max_megs 参数默认值是 200 MB [1]。", options, question).dropped
    # The unit is the placeholder's own: not another letter's, nor what follows another default.
    letters = [P(1, "assign(max_megs, n). % default n=200, range [-1 .. INT_MAX] % command-line -b n The "
                    "parameter max_megs says to stop searching when (about) k megabytes of memory have been used.")]
    assert ground("The default of max_megs is 200 megabytes [1].", letters).dropped
    other = [P(1, "assign(max_kept, n). % default n=500, range [-1 .. INT_MAX] % command-line -k n. "
                  "assign(max_given, n). % default n=-1 The search stops after n seconds.")]
    assert ground("The default of max_kept is 500 seconds [1].", other).dropped
    # (nor one a later sentence gives another entry's placeholder: the review's case)
    entries = [P(1, "-b n Stop after n megabytes (default n=200). Larger values let a search run on for much longer "
                    "before it gives up. -t n Stop after n seconds.")]
    assert ground("The default time limit is 200 seconds [1].", entries).dropped
    assert not ground("The default memory limit is 200 megabytes [1].", entries).dropped


def test_an_operator_in_a_code_span_is_no_fact():
    """`port = *:9001` composes a setting and the value the passage gives: "=" need not be quoted."""
    assert facts("Write `port = *:9001` [1].") == {"port", "*:9001"}
    http = [P(1, "port A TCP host:port value. To listen on all interfaces in the machine, use :9001 or *:9001. Default: No default.")]
    assert not ground("To listen on all interfaces, write `port = *:9001` [1].", http).dropped


def test_a_value_in_an_example_configuration_is_no_default_a_comment_after_it_names():
    """BIRD's RPKI example: "port 2345; ... # Default interval values" gives 2345 as no default port."""
    example = [P(1, 'remote 127.0.0.1 port 2345; transport ssh { bird private key "/home/birdgeek/.ssh/id_rsa"; '
                    'user "birdgeek"; }; # Default interval values }')]
    question = "birdc 远程连接 BIRD 守护进程时默认使用哪个 TCP 端口？"
    assert ground("birdc 默认使用端口 2345 [1]。", example, question).dropped
    # A value followed, in its own clause, by the word is one: "64 KiB (the default)".
    stated = [P(1, "The buffer is 64 KiB (the default); larger values cost memory.")]
    assert not ground("The default buffer is 64 KiB [1].", stated, "What is the default buffer size?").dropped


def test_a_chinese_question_about_a_type_anchors_the_number_near_its_english_words():
    """"过滤器 … int 类型 … 整数" is about filters, types and integers: the passage's "integer type ...
    unsigned 32bit" is about the question, though "int" is too short to anchor and BIRD is every page's."""
    from kb.answer.citations import anchor_terms

    question = "BIRD 过滤器语言中的 int 类型是多少位的无符号整数？"
    types = [Labelled(1, "Each variable and each value has certain type. Booleans, integers and enums are incompatible "
                         "with each other (that is to prevent you from shooting oneself in the foot). bool This is a boolean "
                         "type, it can have only two values, true and false. int This is a general integer type. It is an "
                         "unsigned 32bit type; i.e., you can expect it to store values from 0 to 4294967295.",
                      "bird-users-guide.pdf · p. 22 · Filters")]
    assert {"filte", "type", "integ"} <= anchor_terms(question)
    assert not ground("int 类型是 32 位的无符号整数 [1]。", types, question, anchors=anchor_terms(question)).dropped


def test_a_chinese_question_about_headings_anchors_the_number_near_header_or_level():
    """"用 # 开头的标题最多支持几级" (Doxygen, round 25) is about headings and their levels: "up to 6
    levels" right after "make a header" answers it."""
    from kb.answer.citations import anchor_terms

    question = "在 doxygen 的 Markdown 中，用 # 开头的标题最多支持几级？"
    headers = [P(1, "Alternatively, you can use #'s at the start of a line to make a header. The number of #'s at the "
                    "start of the line determines the level (up to 6 levels are supported).")]
    assert {"heade", "title"} <= anchor_terms(question)
    assert not ground("在 doxygen 的 Markdown 中，用 # 开头的标题最多支持 6 级 [1]。", headers, question,
                      anchors=anchor_terms(question)).dropped


def test_a_latin_word_of_a_chinese_question_names_the_setting_a_fact_must_come_from():
    """"Yaws 用 revproxy 做反向代理时 … 默认超时时间" asks about revproxy: the default idle timeout of
    ysession, in a passage that never names revproxy, is not it; the product's own name ("yaws", in
    every passage's file name) names nothing."""
    question = "Yaws 用 revproxy 做反向代理时，连接后端服务器的默认超时时间是多少？"
    passages = [Labelled(1, "revproxy = Prefix Url — Make Yaws a reverse proxy for the given URL prefix.",
                         "yaws-manual.pdf · p. 48 · The config file"),
                Labelled(2, "The default ysession_idle_timeout value is 2*60*1000 (2 minutes). Every connection "
                            "to the server is timed out by it.", "yaws-manual.pdf · p. 51 · The config file")]
    from kb.answer.citations import anchor_terms, latin_names

    assert latin_names(question) == {"revproxy"}
    assert ground("连接后端服务器的默认超时时间是 2 分钟 [2]。", passages, question, anchors=anchor_terms(question)).dropped
    # Named where the fact is, it stands.
    named = [Labelled(1, "revproxy = Prefix Url — Make Yaws a reverse proxy. The default timeout connecting to the "
                         "backend server is 2 minutes.", "yaws-manual.pdf · p. 48 · The config file")]
    assert not ground("默认超时时间是 2 分钟 [1]。", named, question, anchors=anchor_terms(question)).dropped


def test_an_upper_case_or_sigilled_value_is_an_answer():
    """"… using the GET method" answers "with which HTTP method"; "… is !file" which YAML tag."""
    from kb.answer.citations import parse_citations, restates

    assert not restates("With which HTTP method does H2O then fetch the resource it points to?",
                        "H2O then fetches the resource it points to using the GET method [1].")
    question = "Which custom YAML tag lets me include another YAML file in an H2O configuration file?"
    text, _ = parse_citations("The YAML tag that lets you include another YAML file in an H2O configuration file is !file [1].",
                              [P(1, "The tag !file includes another YAML file.")])
    assert "is !file" in text  # the space before a tag's "!" is no space before a full stop
    assert not restates(question, text)
    # "default" is a word of its own: a default route answers which route.
    assert not restates("Which route does the daemon install when no gateway is configured?", "It installs a default route [1].")


def test_a_latin_word_of_a_chinese_question_decides_which_passages_are_about_it_not_whose_value_follows():
    """A unit ("kib") or the daemon ("supervisord") in a Chinese question is no setting whose name
    the default must follow."""
    ref = [P(1, "stopwaitsecs The number of seconds to wait for the OS to return a SIGCHLD to supervisord after "
                "the program has been sent a stopsignal. Default: 10")]
    question = "supervisord 停止程序时默认等待多少秒？"
    assert not ground("supervisord 默认等待 10 秒 [1]。", ref, question).dropped
    sizes = [P(1, "The default buffer size is 64 KiB.")]
    assert not ground("默认缓冲区大小是 64 KiB [1]。", sizes, "默认缓冲区大小是多少 kib？").dropped


def test_a_default_said_after_an_abbreviation_or_in_the_next_short_sentence_is_one():
    question = "Which port does the daemon listen on by default?"
    assert not ground("It listens on port 22 by default [1].", [P(1, "Port 22. This is the default.")], question).dropped
    assert not ground("The default buffer is 64 KiB [1].", [P(1, "The buffer is 64 KiB (i.e. the default) here.")],
                      "What is the default buffer size?").dropped


def test_version_n_of_the_product_names_that_version():
    """Bacula's guide: "With version 2.6 of the Linux kernel, … the OS will wait two minutes"."""
    from kb.answer.citations import other_versions

    tape = [P(1, "With version 2.6 of the Linux kernel, if there is no tape in the drive, the OS will wait two "
                 "minutes. Linux 2.4 kernels failed at once.")]
    question = "On a Linux 2.6 kernel, how long does the OS wait when Bacula opens a drive with no tape?"
    assert unsupported_terms(question, tape) == []
    assert other_versions("Does it work on Linux 3.1?", [tape[0].text.lower()]) == ["linux 3.1"]
    assert not ground("On Linux 2.6 the OS waits two minutes [1].", tape, question).dropped


def test_a_capitalised_hyphenated_name_is_a_product_not_a_setting_a_passage_must_name():
    """"Linux-PAM 的模块 … 通常放在哪个目录？": the introduction says "the PAM library … modules … in the
    directory /lib/security", without the product's full name; another page names Linux-PAM."""
    from kb.answer.citations import anchor_terms, proper_names

    question = "Linux-PAM 的模块（动态加载的目标文件）通常放在哪个目录？"
    assert proper_names(question) == {"linux-pam"} and proper_names("What does DNS-over-HTTPS encrypt?") == set()
    passages = [Labelled(1, "The Linux-PAM System Administrators' Guide describes the configuration.", "sag-overview.html · Overview"),
                Labelled(2, "This PAM library is configured locally. The modules themselves will usually be located in the "
                            "directory /lib/security or /lib64/security.", "sag-introduction.html · Introduction")]
    assert not ground("通常放在 /lib/security 或 /lib64/security [2]。", passages, question,
                      anchors=anchor_terms(question)).dropped


def test_since_which_version_starts_a_question_part():
    from kb.answer.citations import question_parts

    assert len(question_parts("Is pam_env's user_readenv option on or off by default, and since which Linux-PAM "
                              "version is reading the user's environment file deprecated?")) == 2


def test_an_amount_in_words_is_an_answer():
    """"… waits two minutes before failing" answers "how long does the OS wait"."""
    from kb.answer.citations import restates

    question = "On a Linux 2.6 kernel, how long does the operating system wait before failing when Bacula opens an empty tape drive?"
    assert not restates(question, "The operating system waits two minutes before failing when Bacula opens an empty tape drive [1].")
    assert restates(question, "The operating system waits before failing when Bacula opens an empty tape drive [1].")


def test_the_default_of_what_was_asked_and_the_value_of_a_setting_give_the_question_back():
    from kb.answer.citations import restates

    question = "When compress is set to ON without giving a quality, which brotli quality level does H2O use?"
    assert restates(question, "H2O uses the default brotli quality level when compress is set to ON [1].")
    assert not restates(question, "H2O uses brotli quality level 1 when compress is set to ON [1].")
    assert not restates("Which route does the installer add?", "It installs the default route [1].")  # a word of its own
    question = "If FAIL_DELAY is not set in /etc/login.defs and no delay= is given, what delay does pam_faildelay use?"
    assert restates(question, "pam_faildelay will use the value of FAIL_DELAY from /etc/login.defs [1].")
    assert not restates(question, "pam_faildelay will use a delay of 2 seconds [1].")


def test_a_condition_after_the_answer_gives_no_value_back():
    """python-ldap (round 48): "… is automatically unbound and closed when the LDAP object is deleted" answers what
    happens; its condition's "deleted" is the question's, not the value the answer gives."""
    from kb.answer.citations import restates

    question = "What happens to the LDAP connection when an LDAPObject instance is deleted?"
    assert not restates(question, "The connection is automatically unbound and closed when the LDAP object is deleted [1].")
    assert restates(question, "The LDAP connection is deleted when an LDAPObject instance is deleted [1].")
    assert restates("Which file does PIPEFN name by default?", "The default file name is PIPEFN when it is started [1].")
    # (to "when …" or "how long …", the condition is the answer)
    assert not restates("When is the write cache flushed to disk?", "The write cache is flushed when it is full [1].")
    assert not restates("How long are the credentials cached?", "The credentials are cached until the user logs out [1].")


def test_a_figure_the_answer_works_out_itself_goes_and_the_sentence_stays():
    passages = [P(1, "hold time number: Time in seconds to wait for a Keepalive message from the other side "
                     "before considering the connection stale. Default: 240 seconds. keepalive time number: "
                     "Delay in seconds between sending of two consecutive Keepalive messages. Default: One third of the hold time.")]
    checked = ground("The default hold time is 240 seconds, and the keepalive time is one third of the hold time, "
                     "which is approximately 80 seconds.", passages, "What are the defaults of hold time and keepalive time?")
    assert checked.text == "The default hold time is 240 seconds, and the keepalive time is one third of the hold time [1]."
    assert checked.dropped == ["which is approximately 80 seconds (worked out from the sentence; no passage says it)"]
    # A clause whose figure a passage holds stays; so does the whole sentence's check when its own figure is made up.
    kept = ground("The hold time is 240 seconds, i.e. 240 seconds [1].", passages, "What is the default hold time?")
    assert kept.text.startswith("The hold time is 240 seconds, i.e. 240 seconds") and not kept.dropped
    made_up = ground("The hold time is 300 seconds, which is approximately 5 minutes [1].", passages, "What is the default hold time?")
    assert made_up.dropped and "300" not in made_up.text


def test_an_aside_of_the_models_own_goes_and_the_name_the_passage_gives_stays():
    passages = [P(1, "Option 'QbB' scales the input to the unit cube. The bounds are -0.5 and +0.5. To use other "
                     "bounds, change qh_DEFAULTbox in user.h (0.5 is best for Geomview).")]
    question = "Which constant in user.h must be changed to get bounds other than -0.5 and +0.5 with option 'QbB'?"
    checked = ground("The constant is qh_DEFAULTbox, which should be set to 1.0 for Geomview [1].", passages, question)
    assert checked.text == "The constant is qh_DEFAULTbox [1]."
    assert checked.dropped == ["which should be set to 1.0 for Geomview (an aside of the model's own; no passage says it)"]
    # An aside that holds the answer itself, where the rest only says the question back, takes the sentence with it.
    said_back = ground("The bounds of 'QbB' are set in user.h, which holds 2.0 [1].", passages, question)
    assert said_back.text == "" and "2.0" in said_back.dropped[0]
    # So does a made-up name before it; an aside the passages hold stays.
    made_up = ground("The constant is qh_BOXBOUND, which should be set to 1.0 [1].", passages, question)
    assert made_up.text == ""
    held = ground("The constant is qh_DEFAULTbox, which is best at 0.5 for Geomview [1].", passages, question)
    assert held.text == "The constant is qh_DEFAULTbox, which is best at 0.5 for Geomview [1]." and not held.dropped
    # (the review's cases: to a question for a value or an amount the aside is the answer, and a name in it may be
    # the name asked: the sentence goes whole)
    for asked, reply in (("What is the default value of qh_DEFAULTbox?", "It is qh_DEFAULTbox in user.h, which is 1.0 by default [1]."),
                         ("How long does 'QbB' take to scale the input?", "It uses qh_DEFAULTbox, which takes 2.5 seconds [1]."),
                         (question, "The bounds are set for Geomview in user.h, which defines qh_BOXBOUND [1].")):
        assert ground(reply, passages, asked).text == "", asked


def test_who_wrote_something_is_answered_from_a_passage_that_says_who_wrote_it():
    """"Who wrote the Lexmark driver?" answered "the Epson team" from release notes that say the
    Epson driver "has been rewritten": no passage it cites says who wrote anything."""
    notes = [P(1, "6.2.7) Architectural Changes 1. The Epson driver has been significantly rewritten to use data "
                  "stored in external files. 6.3.1) General Issues 1. The Canon, Hewlett-Packard, Lexmark, and dye "
                  "sublimation drivers do not offer all of the additional options.")]
    answer = _conclude("The Lexmark driver in Gutenprint was written by the Epson team [1].", notes,
                       "Who wrote the Lexmark driver in Gutenprint?")
    assert answer.refused and answer.refused_by == "grounding" and "who is the author" in answer.dropped[-1]
    credits = [P(1, "The Lexmark driver was contributed by Richard Wisenoecker; Robert Krawitz maintains the Epson driver.")]
    answer = _conclude("Richard Wisenoecker wrote the Lexmark driver [1].", credits, "Who wrote the Lexmark driver in Gutenprint?")
    assert not answer.refused and "Richard Wisenoecker" in answer.answer
    # A product's plain name, asked in other words (execline, round 49): a quine's author wrote no execline.
    quines = [P(1, "If you think you have mastered the art of execline substitution, then you can try to do better than these "
                   "people: Joël Riou wrote the first execlineb quine, using only echo as non-execline external command.")]
    for question in ("What is the full name of the person who wrote execline?", "Who wrote execline?"):
        answer = _conclude("Joël Riou [1]", quines, question)
        assert answer.refused and "who is the author" in answer.dropped[-1], question
    for credit in ("execline was written by Laurent Bercot.", "nauty and execline were written by Laurent Bercot.",
                   "Laurent Bercot wrote execline in 2002.", "Laurent Bercot wrote the first version of execline.",
                   "execline\nAuthor: Laurent Bercot", "execline - a scripting language\nAUTHOR\nWritten by Laurent Bercot.",
                   "execline is a scripting language. It was written by Laurent Bercot in 2002."):
        answer = _conclude("Laurent Bercot [1].", [P(1, credit)], "What is the full name of the person who wrote execline?")
        assert not answer.refused, credit
    from kb.answer.citations import role_unsaid
    assert role_unsaid("Who wrote execline?", [P(1, "The first execlineb quine was written by Joël Riou.")]) == "author"


def test_the_questions_own_word_for_its_subject_says_no_author():
    """"The SerialUPDI programmer implementation is based on Microchip's pymcuprog" names no one who
    implemented it: "implementation" is the question's word for its subject (AVRDUDE, round 17)."""
    intro = [P(1, "SerialUPDI programmer implementation is based on Microchip’s pymcuprog utility, but it also "
                  "contains some performance improvements included in Spence Konde’s DxCore Arduino core.")]
    question = "Who wrote the SerialUPDI programmer implementation in avrdude?"
    answer = _conclude("Spence Konde [1]", intro, question)
    assert answer.refused and "who is the author" in answer.dropped[-1]
    said = [P(1, intro[0].text + " It was implemented by Dawid Buchwald.")]
    answer = _conclude("Dawid Buchwald [1].", said, question)
    assert not answer.refused and "Dawid Buchwald" in answer.answer
    # The passage's own word, though the question has a kin of it, still says who made it.
    answer = _conclude("Ann Lee [1].", [P(1, "The driver was originally implemented by Ann Lee.")],
                       "Who wrote the original implementation of the driver?")
    assert not answer.refused


def test_a_plain_word_given_as_the_default_needs_a_passage_that_gives_it_as_the_default():
    """"matte" from "common are matte, glossy or texture" is one of the choices, not the default."""
    laminate = [P(1, "Laminate Pattern: some dye sublimation printers cover the output with a transparent laminate "
                     "surface. This surface can be of different patterns: common are matte, glossy or texture.")]
    question = "What is the default Laminate Pattern that Gutenprint selects on dye sublimation printers?"
    checked = ground("The default Laminate Pattern that Gutenprint selects is matte [1].", laminate, question)
    assert checked.dropped and "no passage says matte is a default" in checked.dropped[0] and not checked.text
    dither = [P(1, "Dither Algorithm: the default is adaptive; the other choices are ordered and fast.")]
    assert not ground("The default dither algorithm is adaptive [1].", dither, "What is the default dither algorithm?").dropped
    # A state ("enabled") is left to the other checks: the manual may say "on by default".
    sync = [P(1, "Synchronous writes are on by default. A disabled cache is slower; an enabled one faster.")]
    assert not ground("By default, synchronous writes are enabled [1].", sync, "Are synchronous writes enabled by default?").dropped


def test_two_words_a_slash_joins_are_prose_and_an_intro_to_a_dropped_list_says_nothing():
    from kb.answer.citations import restates, specific_terms

    assert specific_terms("What ratio should the per-channel light/dark setting be given?") == set()
    assert specific_terms("Which line of /etc/fstab or etc/apt/sources.list mounts it?") == {"etc/fstab", "etc/apt/sources.list"}
    question = "Which command-line options does cups-calibrate accept, and what does each one do?"
    assert restates(question, "cups-calibrate accepts several command-line options. The options are: [3]")
    assert not restates(question, "cups-calibrate accepts the -p option, which prints a test page [3].")


def test_a_chinese_sentence_whose_evidence_is_a_latin_word_is_cited_to_the_passage_that_has_it():
    """"默认的优先级是 err。" states no number or identifier and shares no word with English passages
    but "err": the passage that has it as a word is its source, so the right answer stands."""
    logs = [P(1, "The journal shows the entries of every unit; errors are marked red."),
            P(2, "prio: the priority to filter by, the default is err; other values: warning, info.")]
    question = "Cockpit 的系统日志组件 logs.html 按优先级（prio）过滤时，默认的优先级是什么？"
    assert attribute("默认的优先级是 err。", logs, question=question) == "默认的优先级是 err [2]。"
    answer = _conclude("默认的优先级是 err。", logs, question)
    assert not answer.refused and [c.n for c in answer.citations] == [2]
    # A Latin word the question gives is no evidence ("prio" is in it), and one no passage has none.
    assert attribute("按 prio 过滤。", logs, question=question) == "按 prio 过滤。"


def test_a_value_goes_with_the_setting_the_answer_gives_it_for_and_a_default_that_sets_the_scene_asks_none():
    """"The default of --tini-libid is 3000" from a passage whose "default value is 3000" is
    --max-allocs-per-node's (it names only the question's DS390): --tini-libid's own entry gives
    none. "With SDCC's default memory model, how much Flash …" asks for an amount, not a default."""
    guide = [P(1, "--tini-libid <nnnn> LibraryID used in -mTININative. --use-accelerator generate code for DS390 "
                  "Arithmetic Accelerator."),
             P(2, "--max-allocs-per-node Setting it to lower values speeds up compilation. The default value is 3000. "
                  "This option currently does not affect the mcs51, ds390, pic14 and pic16 ports.")]
    checked = ground("The default value of the DS390 option --tini-libid is 3000 [2].", guide,
                     "What is the default value of the DS390 option --tini-libid?")
    assert checked.dropped and "as the value of --tini-libid" in checked.dropped[0] and not checked.text
    # The passage's own setting: kept.
    kept = ground("The default of --max-allocs-per-node is 3000 [2].", guide,
                  "What is the default of --max-allocs-per-node for DS390?")
    assert not kept.dropped
    models = [P(1, "In the medium model the address space is 16 bits, allowing for 64 KB. Since the STM8 typically has "
                   "Flash starting at 0x8000, only up to 32 KB of Flash can be used.")]
    question = "With SDCC's default memory model for the STM8, how much of the chip's Flash can I actually use?"
    assert not ground("32 KB of Flash can be used [1].", models, question).dropped
    assert not ground("32 KB of Flash can be used [1].", models, question.replace("SDCC's", "SDCC’s")).dropped
    # "In the default configuration" still asks for a default.
    assert ground("It listens on port 9090 [1].", [P(1, "Example: port 9090 in a test setup.")],
                  "In the default configuration, which port does it listen on?").dropped
    for asked in ("With TLS on, what is the default port it listens on?", "Which port does it listen on with TLS and its default port?",
                  "With TLS and the default port, which port does it listen on?"):  # (still asked)
        assert ground("It listens on port 9090 [1].", [P(1, "Example: port 9090 in a test setup.")], asked).dropped, asked
    # A default that fails asks for what replaces it, not for the default.
    auth = [P(1, "Parameters start_date – Start date of timerange to show, default -inf. end_date – End date of timerange "
                 "to show, default +inf. item_types – Kind of items to show. The default, the empty list, is to show all. "
                 "This depends on particular features on the server, the results are not validated. url – Base URL or an "
                 "URL to a calendar. username – Username for authentication. password – Password for authentication. "
                 "verify – Optional. Local path to a self-signed SSL certificate. See SSL and certificate validation for "
                 "more information. verify_fingerprint – Optional. SHA256 fingerprint of the expected server certificate. "
                 "See SSL and certificate validation for more information. auth – Optional. Either basic, digest or guess."
                 " The default is preemptive Basic auth, sending credentials even if server didn’t request them. This "
                 "saves from an additional roundtrip per request. Consider setting guess if this causes issues with your "
                 "server.")]
    answer = ('The manual suggests trying the "guess" value of the caldav auth parameter when the default preemptive '
              'Basic auth causes problems with a server.')  # (the model's reply, before its citation is placed)
    assert not ground(answer, auth, "Which value of the caldav auth parameter does the manual suggest trying when the "
                                    "default preemptive Basic auth causes problems with a server?").dropped
    assert ground(answer, auth, "Which value of the caldav auth parameter does the manual suggest when the default "
                                "preemptive Basic auth is used?").dropped  # (a default in use is still asked)
    ports = [P(1, "Use --port to choose another port. Example: --port 9090.")]
    for failing in ("If the default port is already in use, which port can it take?",
                    "When the default port does not work, which port does the example use?"):
        assert not ground("It can take port 9090 [1].", ports, failing).dropped, failing
    assert ground("It listens on port 9090 by default [1].", ports, "When the default port is used, which port is it?").dropped


def test_an_answer_to_which_version_gives_one():
    from kb.answer.citations import wrong_kind

    question = "编译 SDCC 需要哪个版本的 Boost C++ 库？"
    pointer = ('The version of Boost C++ required to compile SDCC is specified in the passage from [3] '
               '(sdcc-compiler-user-guide.pdf · p. 17) [3]. It states: "Get it here http://www.boost.org/" [1].')
    assert wrong_kind(question, pointer) == "it gives no version; the question asks for one"
    assert wrong_kind(question, "需要 Boost 1.53 或更高版本 [1]。") == ""
    assert wrong_kind("编译运行 Yaws 至少需要哪个版本的 Erlang/OTP？", "至少需要 Erlang/OTP 21 [1]。") == ""
    assert wrong_kind("In which Cockpit release was cockpit-tls first introduced?", "In release 200 [1].") == ""
    assert wrong_kind("In which Cockpit release was cockpit-tls first introduced?", "It is a proxy [1].")
    assert wrong_kind("What does a version string like 2.9-3+b1 mean?", "It is a binary NMU [1].") == ""  # asks no version
    # A number assigned to a name of versions is one (coverage.py, round 46).
    schema = "本文档所描述的 coverage.py 数据库结构版本号（SCHEMA_VERSION）是多少？"
    assert wrong_kind(schema, "SCHEMA_VERSION = 7 [1]") == "" and wrong_kind(schema, "SCHEMA_VERSION is a constant [1].")
    # A bare number is one ("32" to which policy version glblub needs: secilc, round 52); a number in a sentence is not.
    glblub = "Which policy version is required to use glblub as the default in a defaultrange statement?"
    assert wrong_kind(glblub, "32 [1]") == "" and wrong_kind(glblub, "v32.") == ""
    assert wrong_kind(glblub, "glblub needs a newer policy [1].") == "it gives no version; the question asks for one"
    assert wrong_kind("Which version of the protocol replaced version 2?", "2 [1].") == "it gives no version; the question asks for one"
    assert wrong_kind("Which version introduced this?", "Set inversion=1 to flip it [1].")  # (no name of versions)
    assert wrong_kind("Which version introduced this?", "Set éversion=1 to flip it [1].")


def test_no_limit_is_a_claim_a_cited_passage_must_make():
    """"There is no limit to the number of such labels" where the passage gives "at most 100" is
    withdrawn; a passage that says "unlimited" supports it."""
    labels = [P(1, "Inline assembler code may use labels of the form nnnnn$; up to 100 such labels per function.")]
    question = "How many nnnnn$ labels can one function have at most?"
    answer = _conclude("There is no limit to the number of such labels in one function [1].", labels, question)
    assert answer.refused and "no passage it cites says there is no limit" in answer.dropped[-1]
    unlimited = [P(1, "Inline assembler code may use any number of nnnnn$ labels in one function.")]
    answer = _conclude("There is no limit to the number of such labels in one function [1].", unlimited, question)
    assert not answer.refused
    assert not _conclude("One function can have up to 100 such labels [1].", labels, question).refused


def test_part_of_the_prompts_example_is_dropped_too():
    """The 1.5B model answered a Chinese count question with "Two approvals [1].", a piece of the
    system prompt's example ("Deploys need two approvals [2].")."""
    from kb.answer.prompting import CITATION_EXAMPLE

    pscp = [P(1, "PSCP copies files over SSH; -P sets the port and -l the user name.")]
    checked = ground("Two approvals [1].", pscp, "PSCP 最多允许同时进行多少个并发传输连接？", tuple(CITATION_EXAMPLE.values()))
    assert checked.dropped and "the prompt's example" in checked.dropped[0] and not checked.text
    assert not ground("PSCP uses two connections [1].", [P(1, "PSCP uses two connections.")], "How many?",
                      tuple(CITATION_EXAMPLE.values())).dropped


def test_options_of_one_dash_and_names_with_digits_and_hyphens():
    """PuTTY's options have one dash (-bc, -openssh-config): an answer naming one names a setting.
    "aes256-cbc" is one identifier, which a passage saying aes256-cbc mentions."""
    from kb.answer.citations import names_no_setting, specific_terms

    question = "Which PSFTP option makes a batch script given with -b show the prompts and commands?"
    assert not names_no_setting(question, "The -bc option shows them while processing a batch script given with -b [1].")
    assert names_no_setting(question, "An option changes what PSFTP shows with -b [1].")
    assert specific_terms("PPK 私钥文件用 aes256-cbc 加密时，Argon2 的输出一共是多少字节？") == {"aes256-cbc", "argon2"}
    assert unsupported_terms("PPK 用 aes256-cbc 加密时？", [P(1, "Encryption: aes256-cbc or none.")]) == []


def test_a_version_is_said_as_one():
    """"PuTTY 从版本 3.10 开始支持 SUPDUP" from the section number "3.10 Using SUPDUP"; "OpenSSH
    version 0.52" where 0.52 is a PuTTY release: neither passage gives the version."""
    chapter = [P(1, "3.9 Using Telnet. 3.10 Using SUPDUP. SUPDUP is a login protocol used by PDP-10 and Lisp machines.")]
    checked = ground("PuTTY 从版本 3.10 开始支持 SUPDUP 协议 [1]。", chapter, "PuTTY 从哪个版本开始支持 SUPDUP 协议？")
    assert checked.dropped and "no passage says 3.10 is a version" in checked.dropped[0]
    release = [P(1, "SUPDUP support was added in PuTTY 0.74.")]
    assert not ground("PuTTY 从版本 0.74 开始支持 SUPDUP 协议 [1]。", release, "PuTTY 从哪个版本开始支持 SUPDUP 协议？").dropped
    yaws = [P(1, "Yaws requires Erlang/OTP 21.3 or later to build.")]
    assert not ground("Yaws needs Erlang/OTP 21.3 or later [1].", yaws, "编译运行 Yaws 至少需要哪个版本的 Erlang/OTP？").dropped
    # "In SDCC version 4.1.14 …" where the manual says "In 4.1.14, the gbz80 port was renamed": said as one.
    notes = [P(1, "• In 4.1.13, support for --profile has been removed. • In 4.1.14, the gbz80 port was renamed to sm83.")]
    assert not ground("In SDCC version 4.1.14, the gbz80 port was renamed to sm83 [1].", notes,
                      "In which SDCC version was the gbz80 port renamed?").dropped


def test_a_section_number_in_a_label_is_no_version():
    """A passage's label may give "3.10 Using SUPDUP" (labels count as given, for "According to
    section 3.10, …"); to "from which version", 3.10 is no version the passages give."""
    class Labelled(P):
        label = "Chapter3.html · Chapter 3: Using PuTTY > 3.10 Using SUPDUP"

    chapter = [Labelled(1, "SUPDUP is a login protocol used mainly by PDP-10 and Lisp machines.")]
    checked = ground("PuTTY 从版本 3.10 开始支持 SUPDUP 协议。", chapter, "PuTTY 从哪个版本开始支持 SUPDUP 协议？")
    assert checked.dropped and not checked.text
    # Not a version question: the label's number is given, as before.
    assert not ground("It is in section 3.10 [1].", chapter, "Where is SUPDUP described?").dropped


def test_a_time_is_no_rate():
    """"The default baud rate … is 1 microsecond": a time given for a baud rate or a clock frequency
    (the bit time beside it in the manual) is the refusal; "115200 baud", "375 kHz" are rates."""
    from kb.answer.citations import wrong_kind

    assert wrong_kind("serialupdi 编程器默认使用的波特率是多少？", "The default baud rate is 1 microsecond [3].")
    assert wrong_kind("使用 -c usbasp 时，默认的 SCK 时钟频率是多少？", "默认的 SCK 时钟频率是 1 microsecond [3]。")
    assert wrong_kind("What is the default baud rate?", "The default baud rate is 115200 [1].") == ""
    assert wrong_kind("What SCK frequency does usbasp use by default?", "A period of 10 microseconds, 100 kHz [1].") == ""
    assert wrong_kind("What is the default update frequency?", "Every 5 minutes [1].") == ""  # how often: a time
    # A size is none either, to a throughput (bzip2, round 53: "approximately 3700 kbytes" to 每秒多少 MB).
    speed = "在典型硬件上，bzip2 -9 的压缩速度大约是每秒多少 MB？"
    assert wrong_kind(speed, "The compression speed of bzip2 -9 on typical hardware is approximately 3700 kbytes [1].") \
        == "it gives a size; the question asks for a rate"
    assert wrong_kind(speed, "大约每秒 10 MB [1]。") == "" and wrong_kind(speed, "About 10 MB/s [1].") == ""
    assert wrong_kind("About how many MB per second does it compress?", "It compresses 4096 KiB [1].") \
        == "it gives a size; the question asks for a rate"
    assert wrong_kind("How many MB does it need?", "It needs 4096 KiB [1].") == ""  # a size, asked as one
    # (asked as a speed, in English, as the retried translation asked it)
    fast = "How fast is the compression speed of bzip2 -9 on typical hardware?"
    assert wrong_kind(fast, "It is approximately 3700 kbytes [1].") == "it gives a size; the question asks for a rate"
    # (the review's cases: a rate in other words, a size beside a time or a comparison, a baud rate's or a bit rate's
    # bytes beside it, are no size for a speed)
    for question, said in (("How many MB per second does bzip2 compress?", "About 10MB/sec [1]."),
                           ("How many MB per second does bzip2 compress?", "About 10 megabytes each second [1]."),
                           ("bzip2 每秒多少 MB 的压缩速度？", "约 10 MB/秒 [1]。"),
                           ("What bit rate does lame use by default for MP3?", "128 kbit/s; each frame is 417 bytes [1]."),
                           ("What baud rate does the console use?", "115200, 8N1, with 16 bytes of FIFO [1]."),
                           ("What is the maximum bit rate supported by the CAN controller?", "1 Mbps with 8 byte frames [1]."),
                           (fast, "It compresses 10 MB in about one second [1]."),
                           (fast, "-9 uses 900 kB blocks, so it is slower than -1 [1]."),
                           ("How fast is the transfer speed over the link?", "About 80 Mbps with 1500 byte frames [1].")):
        assert wrong_kind(question, said) == "", said


def test_a_time_is_no_count():
    """"How many connection retry attempts … by default?" answered with the reset's "120 ms delay"
    (AVRDUDE, round 17) gives no count; a count beside a time does."""
    from kb.answer.citations import wrong_kind

    question = "How many connection retry attempts does the Arduino programmer type make by default?"
    assert wrong_kind(question, "It makes the default number of attempts by using 120 ms delay after reset [3].") \
        == "it gives a time; the question asks for a count"
    assert wrong_kind("重试多少次？", "复位后等待 120 毫秒 [1]。") == "it gives a time; the question asks for a count"
    assert wrong_kind(question, "It makes 10 attempts, 120 ms apart [1].") == ""
    assert wrong_kind(question, "It makes ten attempts, 120 ms apart [1].") == ""
    assert wrong_kind("How many seconds does it wait?", "It waits 120 ms [1].") == ""  # a number of seconds: a time


def test_an_environment_variable_no_cited_passage_names_is_no_answer():
    """"CPP" to "Which environment variable …" from passages that give only the -cpp option (camlidl,
    round 43) names a variable the manual never does: refused. A variable a passage names, in any case
    or form, stands, and so does an answer to a question that asks for no variable."""
    from kb.answer.citations import variable_unsaid

    options = [P(1, "4.2 Options. -cpp Pre-process the source IDL files with the C preprocessor (the default). "
                    "-prepro preprocessor-command Use the given command as the C preprocessor.")]
    question = "Which environment variable does camlidl read to find the C preprocessor command when -prepro is not given?"
    answer = _conclude("The environment variable camlidl reads to find the C preprocessor command is CPP [1].", options, question)
    assert answer.refused and "no passage it cites names the variable CPP" in answer.dropped[-1]
    assert variable_unsaid("camlidl 读取哪个环境变量来查找 C 预处理器？", "camlidl 读取 CPP 环境变量 [1]。", options) == "CPP"
    assert variable_unsaid(question, "It reads cpp_path [1].", options) == "cpp_path"
    assert variable_unsaid(question, "It reads CPP [1].", [P(1, "It runs /lib/cpp on the file.")]) == "CPP"  # (a path's part)
    for passage in ("The preprocessor is taken from $CPP, or cpp.", "Set CPP to choose the preprocessor.", "CPP=gcc -E selects it."):
        assert variable_unsaid(question, "It reads CPP [1].", [P(1, passage)]) == "", passage
    assert variable_unsaid(question, "It reads CAMLIDL_CPP or CPP [1].", [P(1, "CPP names it.")]) == ""  # (one named)
    # Names as manuals give them: lower case beside an acronym, in another case, Windows', broken by a PDF.
    wget = [P(1, "Environment variables: http_proxy https_proxy If set, the http_proxy and https_proxy variables "
                 "should contain the URLs of the proxies.")]
    asked = "Which environment variable does wget read to find the HTTP proxy?"
    assert variable_unsaid(asked, "wget reads the http_proxy variable, set to the proxy's URL [1].", wget) == ""
    assert variable_unsaid("wget 读取哪个环境变量来设置 HTTP 代理？", "wget 读取 http_proxy 环境变量，其值为代理的 URL [1]。", wget) == ""
    assert variable_unsaid(asked, "HTTPS_PROXY (or https_proxy) [1].", wget) == ""
    assert variable_unsaid("Which environment variable points to pip's cache on Windows?", "%LOCALAPPDATA% [1].",
                           [P(1, r"The cache is in %LocalAppData%\pip\Cache.")]) == ""
    for passage in ("The value of LIBRARY_ PATH is a colon-separated list.", "LIBRARY_-\nPATH lists them.",
                    "请先设置LIBRARY_PATH环境变量。", "It reads process.env.LIBRARY_PATH at start."):
        assert variable_unsaid("Which environment variable lists library folders?", "LIBRARY_PATH [1].", [P(1, passage)]) == "", passage
    for passage in ("pip honours the HTTP_PROXY/HTTPS_PROXY environment variables.", "可以通过 HTTP_PROXY/HTTPS_PROXY 环境变量设置代理。",
                    "Add the folder to the HTTPS PROXY environment variable."):  # (a pair's second; a PDF that lost "_")
        assert variable_unsaid("Which environment variable sets the HTTPS proxy?", "HTTPS_PROXY [1].", [P(1, passage)]) == "", passage
    # An answer that names none (emphasis is no name), or a question that asks for none.
    assert variable_unsaid("Which environment variable names camlidl's C preprocessor?",
                           "camlidl does NOT read one; it uses the -prepro option [1].", options) == ""
    assert variable_unsaid("Which option selects the C preprocessor?", "It is CPP [1].", options) == ""


def test_a_port_is_a_number_its_passage_gives_as_a_port():
    """"Which TCP port … by default?" answered with 19200, the baud rate beside "net:host:port" in
    the passage (AVRDUDE, round 17), is refused; a port the passage gives as one is kept."""
    options = [P(1, "For diagnostic purposes, if the target MCU is connected directly to the serial port, the "
                    "address can be omitted. In this mode the default baud rate will be 19200. For programmers "
                    "that attach to a serial port using some kind of higher level protocol, port can be "
                    "specified as net:host:port.")]
    question = "Which TCP port does avrdude connect to by default when -P is given as net:host without a port?"
    answer = _conclude("The TCP port avrdude connects to by default is 19200 [1].", options, question)
    assert answer.refused and "as a port" in answer.dropped[-1]
    from kb.answer.citations import port_unsaid

    asked = "On which TCP port does upsd listen by default?"
    for passage in ("upsd listens on port 3493 by default.", "Port = 3493", "It listens on 3493/tcp.",
                    "Connect to localhost:3493.", "The 3493 port is the default.", "默认监听 3493 端口。",
                    "LISTEN address [port]: the default ports are 3493 and 3494."):
        assert not port_unsaid(asked, "It listens on 3493 [1].", [P(1, passage)]), passage
    assert port_unsaid(asked, "It listens on 3493 [1].", [P(1, "upsd sends 3493 bytes; its port is set by LISTEN.")])
    assert port_unsaid(asked, "It listens on 19200 [1].", [P(1, "upsd supports speeds up to 19200 baud.")])
    assert not port_unsaid(asked, "It listens on the port LISTEN gives [1].", [P(1, "LISTEN sets the port.")])
    answer = _conclude("Console 连接 Director 使用 9101 端口 [1]。", [P(1, "DIRport = 9101 is where the Director listens by default.")],
                       "Console 连接 Director 使用的标准端口是多少？")
    assert not answer.refused
    # A serial port's device, or a port number the question itself gives, asks no network port.
    serial = [P(1, "The default serial port is /dev/ttyS0 at 19200 baud.")]
    assert not _conclude("It is /dev/ttyS0 at 19200 [1].", serial, "Which serial port does avrdude use by default?").refused
    assert not _conclude("Port 8000 is unprivileged; forwarding 80 to 8000 works [1].",
                         [P(1, "Yaws runs on port 8000 and iptables forwards 80 to it.")],
                         "Yaws runs on port 8000 and iptables forwards port 80 to it. Which port do clients use?").refused


def test_a_parameter_references_declared_value_is_that_parameters_default_alone():
    """dblatex's XSL parameter reference gives each default as a declaration, never with the word
    "default": <xsl:param name="toc.section.depth">5</xsl:param>. The value declared for the entry
    before (doc.publisher.show's 0) is not draft.mode's (dblatex, round 18)."""
    toc = [P(1, "toc.section.depth — How deep should recursive sections appear in the TOC? Synopsis "
                "<xsl:param name=\"toc.section.depth\">5</xsl:param> Description Depth of the TOC.")]
    assert not ground("5 [1]", toc, "What is the default value of the dblatex XSL parameter toc.section.depth?").dropped
    pagina = [P(1, "Synopsis <xsl:param name=\"doc.publisher.show\">0</xsl:param> Description Print the dblatex logo "
                   "if the parameter is set to 1. draft.mode draft.mode — Select draft mode Synopsis "
                   "<xsl:param name=\"draft.mode\">maybe</xsl:param> Description Print releaseinfo in a framed box, "
                   "when the parameter is set to ’yes’. page.width — Synopsis <xsl:param name=\"page.width\">0</xsl:param>")]
    question = "What is the default setting of dblatex's draft.mode parameter?"
    assert ground("The default setting of draft.mode is 0 [1].", pagina, question).dropped
    assert not ground("The default setting of draft.mode is maybe [1].", pagina, question).dropped
    olink = [P(1, "<xsl:param name=\"prefer.internal.olink\" select=\"0\"/> "
                  "<xsl:param name=\"targets.filename\" select=\"’target.db’\"/>")]
    assert not ground("The default of targets.filename is `target.db` [1].", olink,
                      "What is the default of targets.filename?").dropped
    texlive = [P(1, "texlive.version — Version of the installed Tex Live Distribution Synopsis "
                    "<xsl:param name=\"texlive.version\">2007-10</xsl:param>")]
    assert not ground("The default value of texlive.version is 2007-10 [1].", texlive,
                      "What is the default value of the texlive.version parameter?").dropped


def test_a_tables_default_column_gives_defaults_and_a_configuration_file_owns_no_value():
    """"Variable | Default | Meaning … targetChunkUploadDuration | 60000 (1 minute) | …": the value in
    the Default column is the default, and "in nextcloud.cfg" names where the setting is, not a
    setting the value belongs to (Nextcloud, round 18)."""
    table = [P(1, "Some interesting values that can be set on the configuration file are: [Nextcloud] section "
                  "Variable | Default | Meaning remotePollInterval | 30000 | Specifies the poll time for the remote "
                  "repository in milliseconds. maxChunkSize | 1000000000 (1000 MB) | Specifies the maximum chunk "
                  "size of uploaded files in bytes. targetChunkUploadDuration | 60000 (1 minute) | Target duration "
                  "in milliseconds for chunk uploads.")]
    assert not ground("The default of targetChunkUploadDuration in nextcloud.cfg is 60000 milliseconds [1].", table,
                      "What is the default of targetChunkUploadDuration in nextcloud.cfg, in milliseconds?").dropped
    # the same number in prose after a table with no Default column is no default
    plain = [P(1, "Variable | Meaning targetChunkUploadDuration | Target duration in milliseconds. Set it to 60000 "
                  "for slow links.")]
    assert ground("The default of targetChunkUploadDuration is 60000 [1].", plain,
                  "What is the default of targetChunkUploadDuration?").dropped


def test_seconds_are_stated_by_the_same_time_in_milliseconds():
    """"every 30 seconds" from "remotePollInterval | 30000 | … in milliseconds": an exact conversion
    a passage states; 3000 milliseconds states no 30 seconds."""
    from kb.answer.citations import supported

    text = "remotepollinterval | 30000 | specifies the poll time for the remote repository in milliseconds."
    assert supported("30 second", text)
    assert supported("30 second", "the timeout is 30000 ms.")
    assert not supported("30 second", "remotepollinterval | 3000 | specifies the poll time in milliseconds.")
    assert not supported("30 second", "it waits 30000 microseconds.")


def test_the_value_a_sentence_ends_on_says_which_passage_it_comes_from():
    """"The backend that dblatex compiles with without specifying a TeX driver is pdftex." holds no
    number or identifier, and its other words paraphrase the question: "pdftex", the value it gives,
    is its evidence (dblatex, round 18)."""
    options = [P(1, "-b backend, --backend=backend Backend driver to use: pdftex (default), dvips, or xetex."),
               P(2, "The main script supports the following LaTeX backend drivers.")]
    question = "If I run dblatex without saying which TeX driver to use, which backend does it compile with?"
    answer = _conclude("The backend that dblatex compiles with without specifying a TeX driver is pdftex.", options, question)
    assert not answer.refused and answer.answer.endswith("pdftex [1].")
    # a value no passage holds gives no citation, and the answer is withdrawn
    assert _conclude("The backend it compiles with without specifying a TeX driver is luatex.", options, question).refused


def test_a_reply_that_is_a_value_alone_cites_the_passage_that_holds_it():
    """The model's whole reply "mf" to "what is the default of the keyboard's type?" is the passage's
    that says 'Defaults to "mf"' (Bochs, round 24); a word any passage holds, or none holds, gets no
    citation, and an answer with none is withdrawn."""
    keyboard = [P(1, 'keyboard: type=mf, serial_delay=200 type Type of keyboard returned. It must be one of "xt", '
                     '"at" or "mf". Defaults to "mf".'),
                P(2, "mouse: type=imps2, enabled=1 This defines parameters for the emulated mouse type.")]
    question = "What is the default value of the type parameter of the keyboard option in bochsrc?"
    answer = _conclude("mf", keyboard, question)
    assert not answer.refused and answer.answer == "mf [1]"
    assert _conclude("ps2", keyboard, question).refused  # no passage holds it
    assert _conclude("xt", keyboard, question).refused  # a passage holds it, but "mf" is the default
    assert _conclude("**mf**", keyboard, question).answer == "**mf** [1]"
    assert attribute("on", keyboard + [P(3, "turn it on")], question=question) == "on"


def test_a_lead_in_may_name_the_section_whose_subsections_a_passage_numbers():
    """"根据第3.3节的描述，…" where the passage numbers "3.3.1 Dependencies": the section is there."""
    install = [P(1, "3.3.1 Dependencies The following applications are required: • MiKTeX > 2.5. • Python >= 3.2.3.")]
    question = "在 Windows 上原生安装 dblatex 时，要求 MiKTeX 的版本大于多少？"
    assert not ground("根据第3.3节的描述，原生安装 dblatex 时要求 MiKTeX 的版本大于2.5 [1]。", install, question).dropped
    assert ground("根据第4.1节的描述，要求 MiKTeX 的版本大于2.5 [1]。", install, question).dropped


def test_a_version_of_a_named_product_is_said_near_that_product():
    """"Which minimum version of the rubber compilation engine does dblatex require?" answered with
    "version 0.3.11-py3", dblatex's own release in its revision history (dblatex, round 18): the
    passage never names rubber near it. The manual's own product ("In which SDCC version") needs
    no naming, and "Erlang/OTP 21.3" names Erlang/OTP by a part."""
    history = [Labelled(1, "13 2020/01/10 Update release note for version 0.3.11-py3: dblatex fork for python3. "
                           "14 2020/11/07 Update release note for version 0.3.12.", "dblatex-manual.pdf · pp. 3-14")]
    checked = ground("The rubber compilation engine requires version 0.3.11-py3 [1].", history,
                     "Which minimum version of the rubber compilation engine does dblatex require?")
    assert checked.dropped and "is a version of rubber" in checked.dropped[0]
    assert not ground("dblatex 0.3.12 is described [1].", history, "Which dblatex version does the manual describe?").dropped
    deps = [Labelled(1, "Yaws needs Erlang/OTP 21.3 or later to compile and run.", "yaws.pdf · p. 9")]
    assert not ground("Yaws 至少需要 Erlang/OTP 21.3 [1]。", deps, "编译运行 Yaws 至少需要哪个版本的 Erlang/OTP？").dropped
    assert ground("It needs libxslt 21.3 [1].", deps, "Which minimum libxslt version does Yaws need?").dropped
    sdcc = [Labelled(1, "In 4.1.14, the gbz80 port was renamed to sm83.", "sdcc-compiler-user-guide.pdf · p. 17")]
    assert not ground("The gbz80 port was renamed in SDCC version 4.1.14 [1].", sdcc,
                      "In which SDCC version was the gbz80 port renamed?").dropped


def test_a_pages_own_date_stamp_answers_nothing_but_a_question_about_it():
    """"On which date was Nextcloud desktop client 3.7.0 released?" answered "July 27, 2025" from the
    page footer's "Last updated on Jul 27, 2025" (Nextcloud, round 18): the stamp dates the page."""
    intro = [P(1, "Improvements to the sync engine © Copyright 2013-2025, The Nextcloud developers. "
                  "Last updated on Jul 27, 2025.")]
    assert ground("July 27, 2025 [1]", intro, "On which date was Nextcloud desktop client 3.7.0 released?").dropped
    assert not ground("It was last updated on Jul 27, 2025 [1].", intro, "When was this page last updated?").dropped
    released = [P(1, "Nextcloud desktop client 3.7.0 was released on July 27, 2025.")]
    assert not ground("July 27, 2025 [1]", released, "On which date was Nextcloud desktop client 3.7.0 released?").dropped


def test_a_date_in_a_documents_title_answers_no_question_about_what_it_documents():
    """"Graphviz FAQ 2009-09-10", the title in a passage's label, dates the FAQ: "2009" is no year of a
    release (round 23); a question about the FAQ's date may give it."""
    faq = [Headed(1, "You can use either of these command lines to find it.", "FAQ.html · Graphviz FAQ 2009-09-10 > Problems")]
    assert ground("2009 [1]", faq, "In which year did AT&T first release Graphviz as open-source software?").dropped
    assert not ground("It was last updated on 2009-09-10 [1].", faq, "When was the Graphviz FAQ last updated?").dropped
    # (a date below the title, a release's heading, is no stamp)
    notes = [Headed(1, "The first open-source release.", "NEWS.html · Release notes > 1.0 (2000-01-12)")]
    assert not ground("It was released on 2000-01-12 [1].", notes, "When was version 1.0 released?").dropped


def test_an_underscore_a_pdf_gave_as_a_space_still_names_the_identifier():
    """pypdf gives GNU Prolog's underscores as spaces ("write term/3", "HKEY CURRENT USER"): the
    question's write_term/3 is named there, and an answer's HKEY_CURRENT_USER key is held (round 19)."""
    from kb.answer.citations import mentions, unsupported_terms

    assert mentions("write_term/3", "the options of write term/3 are")
    from kb.answer.citations import follows
    assert follows("1200", "write term/3 writes a term. priority(n): by default n = 1200.", {"write_term/3"})
    assert unsupported_terms("What starting priority does write_term/3 use?",
                             [P(1, "priority(N): the starting priority of write term/3 is 1200.")]) == []
    registry = [P(1, "registry keys are consulted. The keys are stored in HKEY CURRENT USER\\Software\\GnuProlog\\.")]
    assert not ground("The keys are in `HKEY_CURRENT_USER\\Software\\GnuProlog` [1].", registry,
                      "Where in the registry does GNU Prolog look for stack sizes?").dropped
    assert ground("The keys are in `HKEY_LOCAL_MACHINE\\Software\\GnuProlog` [1].", registry,
                  "Where in the registry does GNU Prolog look for stack sizes?").dropped

    # Where the prose keeps its underscores, a C API's typed entry may still have lost them (GLPK's
    # "double tol piv (default: 1e-9)" beside glp_smcp); prose words apart name nothing.
    smcp = [P(1, "Members of glp_smcp. double tol piv (default: 1e-9) Tolerance used to choose eligible pivotal elements.")]
    assert unsupported_terms("What is the default of tol_piv in glp_smcp?", smcp) == []
    assert unsupported_terms("What is the default of log_file?", [P(1, "glp_smcp writes the log file to the terminal.")]) \
        == ["log_file"]
    bfcp = [P(1, "int piv lim (default: 4) This parameter specifies how many pivot candidates are considered, piv_lim > 1."),
            P(2, "typedef struct { int type; int piv_lim; } glp_bfcp; glp_set_bfcp changes the basis factorization "
                 "control parameters in glp_bfcp.")]
    question = "What is the default value of piv_lim in the glp_bfcp basis factorization parameters?"
    # (and "in the glp_bfcp parameters" is where piv_lim is, not the setting 4 belongs to)
    assert not ground("The default value of piv_lim in the glp_bfcp basis factorization parameters is 4 [2].", bfcp,
                      question).dropped
    smcp = [P(1, "(Do not change this parameter without understanding its purpose.) double tol piv (default: 1e-9) "
                 "Tolerance used to choose eligible pivotal elements of the glp_smcp simplex table.")]
    assert not ground("The default value of the tol_piv control parameter in glp_smcp is 1e-9 [1].", smcp,
                      "What is the default value of the tol_piv control parameter in glp_smcp?").dropped
    # Or the running text after the word for what it is, where the code listings kept theirs (LibTomMath, round 51).
    primes = [P(1, "mp_err mp_prime_is_prime(const mp_int *a, int t, bool *result); if speed is an essential issue, "
                   "the macro LTM USE ONLY MR switches both tests off and their code will not be compiled.")]
    macro = "Which preprocessor macro switches off both the Frobenius-Underwood test and the Lucas-Selfridge test?"
    assert not ground("The macro LTM_USE_ONLY_MR switches both tests off [1].", primes, macro).dropped
    assert ground("The macro LTM_USE_ONLY_FROBENIUS switches both tests off [1].", primes, macro).dropped
    assert unsupported_terms("What does ltm_use_only_mr do?", primes) == []
    assert unsupported_terms("What does essential_issue do?", primes) == ["essential_issue"]
    # (after the word as a noun, not prose: "the function return value", "define custom rules", the review's cases)
    prose = [P(1, "mp_err mp_init(mp_int *a); The function return value is MP_OKAY. Use a config file to define custom rules.")]
    assert unsupported_terms("What does return_value hold?", prose) == ["return_value"]
    assert ground("Set custom_rules in the config file [1].", prose, "How do I add rules?").dropped
    # Only an entry's whole shape counts: not prose after a type word, nor a name's tail, nor "(default" alone.
    assert unsupported_terms("What is the host_name setting?",
                             [P(1, "It uses the short host name returned by gethostname(). Set log_level to debug.")]) == ["host_name"]
    assert unsupported_terms("What is the default of max_size in vm_params?",
                             [P(1, "Members of vm_params. int heap max size (default: 64) sets the heap.")]) == ["max_size"]
    assert unsupported_terms("What is the default of log_file?",
                             [P(1, "It writes to the log file (default: stderr). The max_log_size key caps it.")]) == ["log_file"]
    # A second setting named after "of" is one: "the default of read-quanta is 1 and the default of write-quanta is 64".
    quanta = [P(1, "write-quanta (1-64) sets the write quanta. Default: 64. read-quanta (1-10) sets the read quanta. Default: 1.")]
    assert not ground("The default of read-quanta is 1 and the default of write-quanta is 64 [1].", quanta,
                      "What are the default values of read-quanta and write-quanta?").dropped


def test_a_program_and_its_options_are_a_command_a_page_of_its_options_gives():
    """"gplc --fixed-sizes" in a code block, where the passage says "gplc …" and, further on,
    "--fixed-sizes do not consult environment variables": the command is the documents'."""
    options = [P(1, "Specifying --no-demangling prevents gplc from filtering linker output messages. When producing "
                    "an executable it is possible to prevent it from consulting environment variables (using "
                    "--fixed-sizes) as was explained above.")]
    question = "Which gplc option makes the executable ignore the environment variables?"
    kept = ground("Use this command:\n\n```\ngplc --fixed-sizes\n```", options, question)
    assert not kept.dropped and "gplc --fixed-sizes" in kept.text
    assert kept.text.startswith("Use this command [1]:")  # unmarked, the lead-in cites the passage that gives it
    assert ground("Use this command:\n\n```\ngplc --static-sizes\n```", options, question).dropped
    assert ground("Use this command:\n\n```\ngplc prog.pl --fixed-sizes\n```", options, question).dropped  # not options alone


def test_a_name_given_beside_a_default_is_no_default():
    """"The environment variable … is `CSTRSZ`, and its default size in Kb is 16384": the clause
    that says "default" gives the default; CSTRSZ names the setting."""
    table = [P(1, "Stack Default Environment Description name size (Kb) variable local 16384 LOCALSZ control stack "
                  "global 32768 GLOBALSZ heap cstr 16384 CSTRSZ finite domain constraint stack")]
    question = "Which environment variable sets the size of the constraint stack (cstr), and what is its default size in Kb?"
    assert not ground("The environment variable is `CSTRSZ`, and its default size in Kb is 16384 [1].", table, question).dropped
    assert ground("The environment variable is `CSTRSZ`, and its default size in Kb is 65536 [1].", table, question).dropped


def test_a_backup_name_or_a_home_path_is_a_value_not_the_question_given_back():
    """"If a user disables a saved collection called foo, what does the collection file become?"
    "The collection file becomes foo~.": foo~ is the answer, though foo is the question's (Lmod, round 19)."""
    from kb.answer.citations import restates

    question = "If a user disables a saved module collection called foo, what does the collection file become?"
    assert not restates(question, "The collection file becomes foo~ [1].")
    assert restates(question, "The collection file becomes the foo collection file [1].")


def test_a_program_the_question_names_as_an_owner_does_not_decide_which_passages_are_about_it():
    """coverage.py (round 46): "Which environment variable sends coverage.py's debug output to a file
    instead of stderr?" is answered from the --debug section, which never says "coverage.py"; a
    passage that names the product elsewhere is no better evidence. A name not given as an owner still
    decides."""
    debug = Labelled(1, "Debug options can also be set with the COVERAGE_DEBUG environment variable. The debug output "
                        "goes to stderr, unless the COVERAGE_DEBUG_FILE environment variable names a different file, which "
                        "will be appended to. COVERAGE_DEBUG_FILE accepts the special names stdout and stderr.",
                     "cmd.html · Command line usage > Diagnostics: coverage debug > --debug")
    config = Labelled(2, "coverage.py reads its configuration from .coveragerc; environment variables are expanded.",
                      "config.html · Configuration reference > Syntax")
    answer = "COVERAGE_DEBUG_FILE accepts the special names stdout and stderr to write to those destinations."
    question = "Which environment variable sends coverage.py's debug output to a file instead of stderr?"
    assert not ground(answer, [debug, config], question).dropped
    assert ground(answer, [debug, config], "Which environment variable sends the debug output of coverage.py to a file "
                                           "instead of stderr?").dropped
    # Only a product's dotted name that the passages' labels carry, the manual's own: not a setting's name, nor
    # another program's passage.
    wal = [P(1, "max_wal_size (integer) Maximum size to let the WAL grow during automatic checkpoints."),
           P(2, "wal_buffers (integer) The amount of shared memory used for WAL data. The default is 16MB when autotuned.")]
    assert ground("The default is 16MB [2].", wal, "What is max_wal_size's default value?").dropped
    plugin = Labelled(3, "PYTEST_COV_DEBUG_FILE sends the plugin's debug output to a file.", "pytest-cov.html · Debugging")
    assert ground("PYTEST_COV_DEBUG_FILE sends it to a file [3].", [plugin, config], question).dropped


def test_a_default_is_said_in_words_and_a_bound_is_none():
    """FAI (round 46): "The default value of MAXPACKAGES is 250 Mbytes" stood on "Do not try with less
    than 250 Mbytes unless you know why" (a least, which "unless" makes no default), and "2GB" for
    fai-diskimage without -S on "-S2G -cDEFAULT,DHCPC" (a list of class names, no word "default")."""
    from kb.answer.citations import given_as_default

    var = "the local /var partition must be big enough. do not try with less than 250 mbytes unless you know why."
    assert not given_as_default("250 mbyte", var) and not given_as_default("250", var)
    image = "# fai-diskimage -vu armhost -s2g -cdefault,dhcpc,debian,arm64 arm64.raw"
    assert not given_as_default("2 gb", image) and not given_as_default("2", image)
    assert given_as_default("4", "it starts 4 threads unless configured otherwise.")
    assert given_as_default("2", "the default is at least 2 workers.")  # ("default" itself still says it)
    assert given_as_default("2", "cdefault: 1. by default 2 workers.")
    # (an upper bound stays a default where the passage says what holds when nothing is set)
    assert given_as_default("80", "if not specified, up to 80% of the available space will be used.")
    assert given_as_default("4", "it uses up to 4 worker threads unless configured otherwise.")
    assert given_as_default("4096", "config_default_mmap_min_addr=4096")
    assert not given_as_default("64", "workers. do not set more than 64 workers unless you have many cores.")
    assert given_as_default("64", "no more than 64 connections are accepted unless max_conn is set.")
    assert given_as_default("3", "clients do not retry more than 3 times unless --retries is set.")  # (no advice)
    assert given_as_default("9600", "the factory-default baud rate is 9600.") and not given_as_default("5", "a non-default 5.")


def test_a_word_given_as_a_default_is_the_word_itself():
    """backup-manager (round 45): "The default value of BM_BURNING_METHOD is CDR" came from a passage
    whose only default near "cdr" was BM_BURNING_DEVICE's "/dev/cdrom"."""
    from kb.answer.citations import given_as_default

    burning = ("set the key bm_burning_method to the method of the media: • cdrw • dvd. bm_burning_device type: "
               "string, default: /dev/cdrom. this is mandatory for using the burning feature.")
    assert not given_as_default("cdr", burning)
    assert given_as_default("cdrom", "bm_burning_device type: string, default: cdrom.")
    assert given_as_default("line", "the unit, by default lines.")  # (its plural)
    assert not given_as_default("line", "the unit, by default newlines.")


def test_the_review_s_edge_cases_of_the_round_17_to_19_checks():
    """Counts in words beside a time, "version of" after "in which", generic "the software", ports
    beside baud rates and option flags, a table's third column, a value after a defaults list,
    list labels "(c)", and prose "log file" beside underscored names."""
    from kb.answer.citations import _STAMP, _said_as_port, given_as_default, supported, version_of, wrong_kind

    count = "How many connection retry attempts does the Arduino programmer type make by default?"
    for answer in ("It retries once, after a 120 ms delay [1].", "It makes no retries; it only waits 120 ms [1]."):
        assert wrong_kind(count, answer) == "", answer
    assert version_of("In which version of SDCC was gbz80 renamed?", []) == ""
    assert version_of("Which version of the software is required?", []) == ""
    assert version_of("Which version of Boost is required?", []) == "boost"
    assert not _said_as_port("19200", "the serial port is /dev/ttys0 at 19200 baud")
    assert not _said_as_port("19200", "port can be specified as net:host:port, with -b 19200")
    assert _said_as_port("3493", "listen 0.0.0.0 3493") and _said_as_port("521", "ports 520 and 521")
    assert not given_as_default("1", "option | range | default | threads | 1-64 | 8 |")
    assert not given_as_default("512", "by default the following are enabled: - compression - caching of every "
                                       "response the server sends back to its clients, kept for later use by the "
                                       "proxy layer in front of it until it expires. the maximum is 512.")
    assert "4096" in _STAMP.sub(" ", "(a) 1024, (b) 2048, (c) 4096 bytes")
    assert "2025" not in _STAMP.sub(" ", "© copyright 2013-2025, the nextcloud developers")
    assert not supported("log_file", "set max_log_size; the log file is rotated daily.")
    assert supported("log_file", "header\nset the log file with log file = path.")  # a text with no underscore at all


def test_a_clause_of_what_holds_when_something_is_missing_gives_a_default():
    """"If the image doesn't support returning the geometry, the cylinders are calculated based on 16
    heads" gives 16 as what holds when nothing says otherwise; a clause ended before the value, or a
    condition that is not a missing thing, does not."""
    from kb.answer.citations import given_as_default

    geometry = ("other images are treated as flat ones. if the image doesn't support returning the geometry, "
                "the cylinders are calculated based on 16 heads and 63 sectors per track.")
    assert given_as_default("16", geometry) and given_as_default("63", geometry)
    assert given_as_default("30", "when the server cannot be reached, kb retries every 30 seconds.")
    assert not given_as_default("16", "if the image doesn't support it, stop. the disk has 16 heads.")
    assert not given_as_default("16", "if the image is large, the cylinders are calculated based on 16 heads.")
    assert given_as_default("16", "if the image does not support returning the geometry (e.g. a raw image), the "
                                  "cylinders are calculated based on 16 heads.")
    assert given_as_default("16", "if the image doesn’t support returning the geometry, it uses 16 heads.")
    # (a value inside the condition, or in the next option's entry, is none)
    assert not given_as_default("512", "if the buffer size is not a multiple of 512 bytes, the write fails.")
    assert not given_as_default("8080", "options\n-c file  configuration file; if the file does not exist, it is "
                                        "created\n--port port  listen port, for example --port 8080")


def test_only_the_clause_that_says_default_gives_a_default_word():
    """"The stack's name is cstr, and its default size is 16384": cstr is a name, not a default."""
    table = [P(1, "Stack Default Environment Description name size (Kb) variable local 16384 LOCALSZ control stack "
                  "(environments and choice-points) global 32768 GLOBALSZ heap (compound terms) trail 16384 TRAILSZ "
                  "conditional bindings (bindings to undo at backtracking) cstr 16384 CSTRSZ finite domain stack")]
    question = "What is the default size of the finite domain stack, and what is it called?"
    assert not ground("The stack's name is cstr, and its default size is 16384 [1].", table, question).dropped


def test_a_variable_named_in_capitals_is_a_term_an_acronym_is_not():
    passages = [P(1, "HISTFILE The name of the file in which command history is saved. The default is ~/.bash_history."),
                P(2, "globstar If set, the pattern ** used in a filename expansion context matches all files.")]
    # A variable of a later release, which no passage names: refused before the model.
    assert unsupported_terms("What does the GLOBSORT variable control, and what is its default?", passages) == ["globsort"]
    assert unsupported_terms("GLOBSORT 变量默认值是什么？", passages) == ["globsort"]
    assert unsupported_terms("What is the default of $HISTFILE?", passages) == []
    assert unsupported_terms("What is the default value of the HISTFILE variable?", passages) == []
    assert unsupported_terms("What is the default of the environment variable TMOUTX?", passages) == ["tmoutx"]
    # Capitals the question does not call a variable are emphasis or a product: left to the answer's check.
    assert unsupported_terms("Does the shell speak HTTPS or DNS?", passages) == []
    assert unsupported_terms("What is the MAXIMUM number of peers, WITHOUT limits?", passages) == []
    assert unsupported_terms("Does the POSTGRES backend store leases?", passages) == []


def test_a_prose_compound_names_no_setting():
    shell = [P(1, "IGNOREEOF Controls the action of the shell on receipt of an EOF character as the sole input. If the "
                  "variable exists but does not have a numeric value, or has no value, then the default is 10."),
             P(2, "delete-char (C-d) Delete the character at point. If this function is bound to the same character as "
                  "the tty EOF character, as C-d commonly is, see above for the effects; it returns end-of-file.")]
    question = ("When the variable that decides how many end-of-file characters an interactive shell tolerates exists "
                "but has no numeric value, how many consecutive EOFs make the shell exit?")
    # "end-of-file" is prose, not a setting only passage 2 names: passage 1 is about the question.
    assert not ground("The default is 10 [1].", shell, question).dropped
    # So is "command-line": the option's entry need not say it.
    flex = [P(1, "Chapter 20 lists almost all of the flex command-line options the POSIX definition lacks, and #line directives."),
            P(2, "'-L, --noline, %option noline' instructs flex not to generate #line directives.")]
    assert not ground("The option is `-L, --noline` [2].", flex,
                      "Which flex command-line option stops flex from putting #line directives into the scanner?").dropped
    # ... unless a passage sets one out as a setting's key
    keyed = [P(1, "real-time: run the daemon with real-time priority. Default: no"),
             P(2, "nice-level: the nice level of the daemon. Default: -11")]
    assert ground("The default is -11 [2].", keyed, "What is the default value of the real-time setting?").dropped
    # A setting's name joined by "to" is still one: the value must come from a passage that names it.
    bind = [P(1, "notify-to-soa: send NOTIFY to the SOA primary. Default: no"),
            P(2, "notify-delay: seconds between notifications. The default is 5 seconds.")]
    assert ground("The default is 5 seconds [2].", bind, "What is the default value of notify-to-soa?").dropped


def test_a_plain_word_the_question_calls_an_option_tells_passages_apart():
    ntp = [P(1, "It is now possible to set the peer maximum dispersion with \"tos maxdisp\". See RFC 5905."),
           P(2, "A distance error occurs if the root distance is not below the distance threshold maxdist option of "
                "the tos command. The default value for this option is 1.5 s.")]
    # maxdist's default is not maxdisp's.
    assert ground("The default of the tos maxdisp option is 1.5 s [2].", ntp,
                  "What is the default value of the tos maxdisp option?").dropped
    assert not ground("The default of the tos maxdist option is 1.5 s [2].", ntp,
                      "What is the default value of the tos maxdist option?").dropped
    # The word names the option inside a name of parts or an option too.
    nginx = [P(1, "Syntax: keepalive_timeout time; Default: keepalive_timeout 75s;"),
             P(2, "Syntax: send_timeout time; Default: send_timeout 60s; Sets a timeout for transmitting a response.")]
    assert not ground("The default keepalive_timeout is 75s [1].", nginx,
                      "What is the default value of the keepalive timeout directive?").dropped
    flags = [P(1, "Set it with --maxdisp; the default is 16."), P(2, "maxdist defaults to 1.5."),
             P(3, "The maxdisp option was added in release 1.1.")]
    assert not ground("The default maxdisp is 16 [1].", flags, "What is the default of the maxdisp option?").dropped
    assert ground("The default maxdisp is 1.5 [2].", flags, "What is the default of the maxdisp option?").dropped


def test_a_compound_a_passage_names_as_words_apart_names_it_there():
    shm = [Headed(1, "time2 time Maximum allowed difference between remote and local clock, in seconds. Values <1.0 or "
                     ">86400.0 are ignored, and the default value of 4 h (14400 s) is used instead.",
                  label="driver_shm.html · Shared Memory Driver > Driver Options"),
           P(2, "The shared-memory driver is also used by gpsd.")]
    question = ("If no usable maximum clock difference is configured for the shared-memory reference clock driver, "
                "what limit does it apply?")
    assert not ground("The shared-memory driver applies a limit of 4 hours (14400 seconds) [1].", shm, question).dropped
    # Words apart in prose are not the setting: the kernel's "max buffers" limit is not max-buffers.
    drbd = [P(1, "max-buffers: the maximum number of buffers. The default value is 2048."),
            P(2, "sndbuf-size: if the kernel's max buffers limit is lower, the default of 128 KiB is used.")]
    assert ground("The default max-buffers is 128 KiB [2].", drbd, "What is the default value of max-buffers?").dropped
    # Where no passage names the compound as it stands, words apart tell nothing: "file access" in prose.
    cockpit = [P(1, "You can use the max_read_size option to limit the amount of data read. The default limit is 16 MiB."),
               P(2, "Each file access is logged.")]
    assert not ground("The default limit is 16 MiB [1].", cockpit,
                      "How large a file will the file-access API read at most unless I set a different limit?").dropped


def test_a_plain_flag_a_passage_lists_as_an_entry_is_a_setting_named():
    from kb.answer.citations import names_no_setting

    question = "Which restrict flag makes ntpd randomly drop about one received packet in ten?"
    entries = [P(1, "One or more of the following flags may be specified: flake Discard received NTP packets with "
                    "probability 0.1; that is, on average drop one packet in ten. ignore Deny packets of all kinds.")]
    answer = "flake Discard received NTP packets with probability 0.1 [1]."
    assert not names_no_setting(question, answer, entries)
    assert not names_no_setting(question, "The flag is flake [1].", entries)
    # Without a passage that lists it, a plain word names nothing; nor does a word the passage only uses in prose.
    assert names_no_setting(question, answer)
    assert names_no_setting(question, "Packets are discarded at random [1].", entries)
    assert names_no_setting(question, "Packets are dropped unless keys are configured [1].",
                            [P(1, "Queries are accepted\nunless TSIG keys are configured.")])
    # A type is no entry: "Type: boolean Default: false".
    assert names_no_setting(question, "It is a boolean option that is off by default [1].",
                            [P(1, "The following fields are given: Type: boolean Default: false")])


def test_a_release_number_must_be_said_as_one():
    ntp = [Headed(1, "A new tool, ntpmon, performs real-time monitoring of your peer and MRU status.",
                  label="ntpsec.html · Differences from NTP Classic > 7. Client Tool Improvements")]
    question = "In which NTPsec release did the ntpmon tool first appear?"
    dropped = ground("The ntpmon tool first appeared in NTPsec release 7 [1].", ntp, question).dropped
    assert dropped and "is a version" in dropped[0]
    said = [P(1, "A new tool, ntpmon, appeared in release 7 of NTPsec.")]
    assert not ground("The ntpmon tool first appeared in NTPsec release 7 [1].", said, question).dropped
    # A release the label names counts; a count of something does not.
    news = [Headed(1, "A new tool, ntpmon, performs real-time monitoring.", label="NEWS · Release 7 > New tools")]
    assert not ground("The ntpmon tool first appeared in NTPsec release 7 [1].", news, question).dropped
    peers = [P(1, "ntpmon performs real-time monitoring of up to 7 peers.")]
    assert ground("The ntpmon tool first appeared in NTPsec release 7 [1].", peers, question).dropped


def test_a_port_number_asked_needs_a_number():
    from kb.answer.citations import port_unsaid

    gpsd = [P(1, "This driver connects to the gpsd daemon on localhost:gpsd and reads its JSON reports.")]
    assert port_unsaid("Which numeric TCP port does the gpsd driver connect to?", "It connects on localhost:gpsd [1].", gpsd)
    assert port_unsaid("gpsd 驱动连接哪个端口号？", "It connects on localhost:gpsd [1].", gpsd)
    # A port asked without its number may be answered by its name; a setting asked for is a name.
    assert not port_unsaid("Which TCP port does the web server use?", "It uses the standard HTTPS port [1].", gpsd)
    assert not port_unsaid("Which directive changes the port number the daemon listens on?", "The Port directive [1].", gpsd)
    assert not port_unsaid("How do I change the port number?", "Set the Port directive [1].", gpsd)
    assert not port_unsaid("Does it still use port number 8080?", "Yes, it listens on 8080 [1].", gpsd)
    # Digits beside Chinese characters are a number.
    daemon = [P(1, "The daemon listens on TCP port 8080 by default.")]
    assert not port_unsaid("默认端口号是多少？", "默认端口号为8080。[1]", daemon)
    assert not port_unsaid("默认端口号是多少？", "它使用8080端口[1]。", daemon)


def test_a_variable_in_capitals_an_answer_names_must_be_in_the_passage_it_cites():
    install = [P(1, "To see which files make install would install, specify the variable DESTDIR as an argument to make."),
               P(2, "Type 'make install' to install bash and bashbug.")]
    question = "Which variable do I pass to make to see what make install would install?"
    # (cited where it is said: the citation moves to the passage that holds the name)
    assert ground("DESTDIR [2].", install, question).text.strip() == "DESTDIR [1]."


def test_a_help_lists_bracketed_value_is_its_own_options_default():
    options = [P(1, "-pdfreload Automatically reload document in pdfviewer [false] -pdfreloaddelay usec Delay before "
                    "attempting initial pdf reload [750000] -maxtile pair Maximum rendering tile size [(1024,768)] "
                    "-shiftWaitTime ms WebGL touch screen shift mode delay [200]")]
    assert not ground("The default of pdfreloaddelay is 750000 microseconds [1].", options,
                      "What is the default value, in microseconds, of the pdfreloaddelay setting?").dropped
    # A pair is two numbers, not one in thousands: 1024 and 768 are there.
    assert not ground("The default maxtile is 1024 by 768 [1].", options, "What is the default maxtile setting?").dropped
    # The bracket gives -shiftWaitTime's default, not a command timeout's.
    assert ground("The default command timeout is 200 ms [1].", options,
                  "What is the default timeout for a command in interactive mode?").dropped


def test_a_descriptive_compound_names_no_setting():
    passages = [P(1, "The default projection, currentprojection, is initially set to perspective(5,4,2)."),
                P(2, "The next example illustrates three-dimensional x, y, and z axes: currentprojection=perspective(5,2,2);")]
    question = "What is currentprojection initially set to for three-dimensional drawings?"
    assert not ground("The default projection is perspective(5,4,2) [1].", passages, question).dropped


def test_a_manuals_edition_answers_no_question_about_a_feature():
    title = [P(1, "Asymptote: the Vector Graphics Language For version 2.85 This file documents Asymptote, version "
                  "2.85. Copyright 2004-23 Andy Hammerlindl. 13 Language server protocol . . . 180")]
    question = "In which Asymptote release was support for the Language Server Protocol first added?"
    assert ground("In Asymptote version 2.85, support for the Language Server Protocol was first added [1].",
                  title, question).dropped
    # ... only one about the manual itself.
    assert not ground("This manual documents Asymptote version 2.85 [1].", title,
                      "Which version of Asymptote does this manual document?").dropped


def test_a_setting_the_answer_calls_by_its_kind_or_runs_together_from_the_question_is_a_name():
    from kb.answer.citations import names_no_setting, restates

    question = "Which Asymptote configuration variable changes the default paper type from letter to a4?"
    passage = [P(1, "The default paper type is letter; it can be changed to a4 with the configuration variable papertype.")]
    answer = "The configuration variable papertype changes the default paper type from letter to a4 [1]."
    assert not names_no_setting(question, answer, passage)
    assert not restates(question, answer)
    # Without the name, it names nothing and gives the question back.
    bare = "The configuration variable changes the default paper type from letter to a4 [1]."
    assert names_no_setting(question, bare, passage) and restates(question, bare)
    # A name the passage does not hold is none.
    assert names_no_setting(question, "The configuration variable papersize changes it [1].", passage)


def test_the_reviews_cases_for_help_defaults_numbers_and_editions():
    from kb.answer.citations import names_no_setting, restates

    # A number in thousands before a comma is still one number.
    connections = [P(1, "max_connections: the largest number of clients, by default 10,000, which can be raised.")]
    assert not ground("The default maximum number of connections is 10,000 [1].", connections,
                      "What is the default maximum number of connections?").dropped
    # A --help default is its option's as the question names it: with its dash, by its long alias, beside Chinese.
    options = [P(1, "-v,-verbose Increase verbosity level [0] -pdfreloaddelay usec Delay before attempting initial "
                    "pdf reload [750000] -shiftWaitTime ms WebGL touch screen shift mode delay [200]")]
    assert not ground("The default of -pdfreloaddelay is 750000 microseconds [1].", options,
                      "What is the default value of the -pdfreloaddelay option?").dropped
    assert not ground("pdfreloaddelay 默认是 750000 微秒 [1]。", options, "pdfreloaddelay的默认值是多少微秒？").dropped
    assert not ground("The default verbosity is 0 [1].", options, "What is the default of -verbose?").dropped
    # ... not the neighbour the answer names.
    assert ground("The default delay is 750000, the pdfreloaddelay value [1].", options,
                  "What is the default delay in WebGL touch screen shift mode?").dropped
    # An edition is stripped only from front matter: release notes keep their versions.
    notes = [P(1, "This document describes version 2.3 of Foo, which adds the --resume option.")]
    assert not ground("The --resume option was added in version 2.3 [1].", notes,
                      "In which version was the --resume option added?").dropped
    title = [P(1, "Asymptote For version 2.85 This file documents Asymptote, version 2.85. Copyright 2004-23 A. H.")]
    assert ground("Support for the Language Server Protocol was added in version 2.85 [1].", title,
                  "According to the manual, in which Asymptote release was the Language Server Protocol added?").dropped
    assert not ground("This guide is for Asymptote version 2.85 [1].", title,
                      "Which Asymptote version is this guide for?").dropped
    # A kind word before a verb names nothing; a word run together names a setting only to "which setting".
    passage = [P(1, "The configuration variable papertype sets the default paper type.")]
    question = "Which Asymptote configuration variable changes the default paper type from letter to a4?"
    assert names_no_setting(question, "A configuration variable sets the default paper type to a4 [1].", passage)
    assert restates("What is the default paper size in Asymptote?", "Asymptote uses the default papersize [1].")


def test_a_setting_asked_for_by_its_kind_is_no_neighbour_of_the_names_the_question_gives():
    from kb.answer.citations import sibling

    question = "Besides pkg-config, which environment variable tells the python-gammu build where Gammu is installed?"
    assert sibling(question, "GAMMU_PATH [1]") == ""
    # So is a constant asked for by name (libtasn1, round 49), in the user's Chinese or its English translation.
    question = "How large should the TL buffer be when using asn1_encode_simple_der? Please provide the constant name."
    written = "使用 asn1_encode_simple_der 时，存放标签和长度的 tl 缓冲区至少应有多大？请给出常量名。"
    assert sibling(question, "The TL buffer should be at least ASN1_MAX_TL_SIZE bytes [1].", written) == ""
    assert sibling("How large should the TL buffer be when using asn1_encode_simple_der?",
                   "The TL buffer should be at least ASN1_MAX_TL_SIZE bytes [1].") == "asn1_max_tl_size"
    # (a macro's value asked of it by name is still not its neighbour's)
    assert sibling("What is the macro ASN1_MAX_TL_SIZE defined as?", "ASN1_MAX_NAME_SIZE is defined as 64 [1].") \
        == "asn1_max_name_size"
    # A value asked of a named setting still is not its neighbour's.
    assert sibling("What is the default of read-quanta?", "The default of write-quanta is 64 [1].") == "write-quanta"


def test_an_answer_that_only_says_the_thing_asked_about_is_not_so_needs_a_passage_that_says_so():
    """"How often does GNU Prolog run garbage collection on its global stack?" answered "The GNU
    Prolog compiler does not run garbage collection on its global stack." where no passage says a
    word of garbage collection (GNU Prolog, round 19's near miss): withdrawn. A passage that says
    something negative near the same words, a value of the answer's own, or a yes/no question
    keeps the answer."""
    from kb.answer.citations import absence_unsaid

    question = "How often does GNU Prolog run garbage collection on its global stack?"
    stacks = [P(1, "Stack Default size (Kb) Environment variable: global 32768 GLOBALSZ heap (compound terms).")]
    answer = _conclude("The GNU Prolog compiler does not run garbage collection on its global stack [1].", stacks, question)
    assert answer.refused and "says it is not so" in answer.dropped[0]
    collected = [P(1, "GNU Prolog has no garbage collector: the global stack is recovered only on backtracking.")]
    assert not _conclude("GNU Prolog does not collect garbage on its global stack; backtracking recovers it [1].",
                         collected, question).refused
    assert not absence_unsaid(question, "It runs none; the global stack is 32768 Kb [1].", stacks)  # a value of its own
    assert not absence_unsaid("Does GNU Prolog run garbage collection on its global stack?",
                              "No, it does not run garbage collection on its global stack [1].", stacks)
    assert not absence_unsaid("Which stack is not collected?", "The global stack is not collected [1].", stacks)


def test_the_latin_words_of_a_chinese_question_are_names_units_aside():
    """A Chinese question's Latin words name what it is about (a terminal, a format, a setting file);
    a unit ("多少 MB", "MHz") is no name: a manual may spell it out."""
    from kb.answer.citations import question_names

    assert question_names("kittycairo 终端默认的画布尺寸是多少？") == ["kittycairo"]
    assert question_names("gnuplot 读取JSON格式的数据文件要用哪个命令？") == ["gnuplot", "json"]
    assert question_names("cockpit.conf 中 RequireHost 选项的默认值是什么？") == ["cockpit.conf", "requirehost"]
    assert question_names("sim65 模拟的 CPU 时钟频率是多少 MHz？程序可以使用多少KB内存？") == ["sim65", "cpu"]
    assert question_names("Which JSON reader does gnuplot use?") == ["json"]  # (an English one's capitalised words)
    assert question_names("如果 Nextcloud 安装在 http://yourserver.com/nextcloud，那么它的 WebDAV 地址是什么？") == \
        ["nextcloud", "webdav"]  # (an example's address is no name)
    assert question_names("在 /etc/cockpit/machines.d/ 中，Cockpit 写入哪个文件？") == ["cockpit"]
    # A compound's words apart name it: "CD-quality" is what "you want CD quality" says (LAME, round 53).
    from kb.answer.citations import names

    quality = P(1, "Because you want CD quality, you sample at 44.1 kHz, stereo, with 16 bits per sample.")
    assert question_names("About how much disk space does one minute of CD-quality stereo audio take?") == ["cd-quality"]
    assert names(quality, "cd-quality") and names(quality, "cd--quality")
    assert not names(quality, "dvd-quality") and not names(P(1, "a CD of quality audio"), "cd-quality")
    # (the review's: not a compound of everyday words, nor a part of another compound)
    for passage, word in (("To do this, open the Apps page.", "to-do"), ("It is given as path to the daemon.", "as-path"),
                          ("If there is no IP address on the interface, it waits.", "no-ip"),
                          ("Decoding HDR 10-bit video is slow.", "hdr-10")):
        assert not names(P(1, passage), word), word


def test_the_review_s_cases_of_the_absence_and_chinese_name_checks():
    """A passage says "not so" as "off", "Default: 0" or "false"; an answer that also says what is so,
    a subject named only by the passage's heading, and "no-store" (a value) keep their answers. A
    Chinese question's name meets its passage across hyphens, case and plurals; quoted text, the
    asker's own values, everyday words and units are no names."""
    from kb.answer.citations import absence_unsaid, names, question_names

    for question, answer, passage in (
            ("Which compression does rsync use by default?", "rsync does not use compression by default [1].",
             "rsync sends files as they are. Compression is off by default."),
            ("How many times does the client retry a failed request?", "The client does not retry failed requests [1].",
             "A failed request is reported, not retried. Default: 0."),
            ("Which compression does the archiver use by default?", "The archiver uses no compression by default [1].",
             "compression: default false"),
            ("How does GNU Prolog reclaim memory on its global stack?",
             "GNU Prolog does not run a garbage collector; its memory is reclaimed on backtracking [1].",
             "The global stack is reclaimed on backtracking."),
            ("Which header stops the browser caching the page?",
             "The page sets a no-store header so the browser stops caching the page [1].",
             "Cache-Control: no-store tells the browser to keep no copy.")):
        assert not absence_unsaid(question, answer, [P(1, passage)]), answer
    tls = [Labelled(1, "TLS is disabled by default; set tls = on to accept TLS connections.", "Server configuration > TLS")]
    assert not absence_unsaid("Which TLS versions does the server accept by default?",
                              "By default the server accepts no TLS connections: TLS is not enabled [1].", tls)
    assert names(P(1, "Turn on WiFi in the settings."), "wi-fi") and names(P(1, "Text is read as UTF8."), "utf-8")
    assert names(P(1, "plot styles: lines, points"), "style") and names(P(1, "Use proxy_pass to forward."), "proxy")
    assert not names(P(1, "The canvas terminal."), "kittycairo")
    assert question_names('我用 set title "Sales Report" 设置了标题，怎么改它的字体？') == ["set", "title"]
    assert question_names("我的主机名是 myserver，如何用 ssh 登录？") == ["ssh"]
    assert question_names("Hi，gnuplot 怎么设置标题？") == ["gnuplot"]
    assert question_names("带宽最多多少 Mbps？每秒多少 fps？") == []


def test_a_default_the_answer_calls_one_is_checked_as_one_only_when_the_question_asks_for_a_default():
    """"Which file does doxygen write the raw search data to?" answered "The default value is:
    searchdata.xml." from a passage that names the file without calling it a default (Doxygen, round
    25): the question asks for no default, so the answer's word is the model's and the file is
    checked as a plain fact. To a question about what holds unless told otherwise, a value an
    example gives stays no default."""
    search = [P(1, "EXTERNAL_SEARCH = YES This will make doxygen generate a file called searchdata.xml in the "
                   "output directory. You can change the file name with the SEARCHDATA_FILE option.")]
    question = "When searching is handed to an external indexer, which file does doxygen write the raw search data to?"
    assert not _conclude("The default value is: searchdata.xml [1].", search, question).refused
    limits = [P(1, "Example: c-max-rate 10M; c-plan-ahead 20")]
    assert _conclude("The default of c-max-rate is 10M [1].", limits, "What is c-max-rate unless told otherwise?").refused


def test_the_capitalised_words_inside_an_english_question_are_names():
    """"Which TCP port …", "… as JSON?", "Which Python version …": a capitalised word or acronym after
    a lower-case word names a protocol, a format, a product (round 26's Python, which the Yosys manual
    never mentions). The sentence's first word, quoted text, units and "RAM" (a manual says "memory")
    are no names."""
    from kb.answer.citations import question_names

    assert question_names("Which TCP port does the webdot server listen on by default?") == ["tcp"]
    assert question_names("How do I make aspell print the misspelled words as JSON?") == ["json"]
    assert question_names("Which Python version do the pyosys bindings require?") == ["python"]
    assert question_names("Who wrote Aspell's Markdown filter?") == ["aspell", "markdown"]
    assert question_names("How much RAM does the manual suggest, in MB?") == []
    assert question_names('Where does the "Sales Report" title go? Answer in English.') == []


def test_a_file_extension_an_answer_gives_is_a_fact_its_passage_holds():
    """"Aspell 的多词典文件必须以 .multi 结尾。" (Aspell, round 26): the extension is the answer's one
    fact, so attribution cites the passage that holds it, where a Chinese sentence shares no word with
    it; an extension no passage holds is dropped."""
    from kb.answer.citations import facts

    multi = [P(1, "A multi dictionary is a special file. A multi dictionary must end in .multi and has roughly the "
                  "same format as a configuration file."), P(2, "Each dictionary has a name.")]
    assert ".multi" in facts("文件必须以 .multi 结尾。") and ".multi" in facts("It must end in .multi.")
    assert facts("Use it. Then stop.") == set()
    answer = _conclude("Aspell 的多词典（multi dictionary）文件必须以 .multi 结尾。", multi,
                       "Aspell 的多词典（multi dictionary）文件必须以什么扩展名结尾？")
    assert not answer.refused and [c.n for c in answer.citations] == [1]
    assert _conclude("它必须以 .dict 结尾。", multi, "Aspell 的多词典文件必须以什么扩展名结尾？").refused


def test_what_a_missing_setting_means_gives_a_default():
    """"no priority means standard priority, which is 5" (Aspell's phonetic rules, round 26) gives 5 as
    the priority a rule without one has; a plain "priority 5" does not."""
    from kb.answer.citations import given_as_default

    assert given_as_default("5", "it has the same priority (no priority means standard priority, which is 5).")
    assert given_as_default("30", "An empty value means a timeout of 30 seconds.")
    assert not given_as_default("5", "This rule has priority 5.")
    phonetic = [P(1, "It finds SCH -> SH, which has the same priority (no priority means standard priority, which "
                     "is 5). If the priority is the same or higher the follow-up rule will be applied.")]
    assert not _conclude("默认优先级是5。", phonetic, "在音标转换规则中，没有写优先级的规则默认优先级是多少？").refused


def test_a_version_of_another_product_the_question_names_is_no_answer():
    """"What is the minimum Perl version needed to build Aspell?" answered "0.50" from "GNU Aspell 0.50
    or better" (Aspell, round 26): the number is Aspell's, right after its name. "macOS 10.14+" stays
    a version of macOS, which the question names in mixed case."""
    perl = [P(1, "The aspell-import Perl script will look for old personal dictionaries. To rectify the situation "
                 "install a dictionary designed to work with GNU Aspell 0.50 or better.")]
    assert _conclude("The minimum Perl version needed to build Aspell is 0.50 or better.", perl,
                     "What is the minimum Perl version needed to build Aspell?").refused
    perl.append(P(2, "Aspell requires Perl 5.8 or later in order to build."))
    answer = _conclude("Aspell needs Perl 5.8 or later.", perl, "What is the minimum Perl version needed to build Aspell?")
    assert not answer.refused and [c.n for c in answer.citations] == [2]
    mac = [P(1, "Supported platforms: Windows 8.1+ macOS 10.14+ (64-bit only) Linux FreeBSD")]
    assert not _conclude("macOS 10.14+", mac, "What is the minimum macOS version supported by the client 3.7?").refused


def test_who_made_a_thing_the_question_names_is_said_in_the_same_sentence():
    """"Who wrote Aspell's Markdown filter?" answered "Sergey Poznyakoff" from "Sergey Poznyakoff Wrote
    the Nroff filter." (Aspell, round 26): the sentence that says who wrote something must name the
    Markdown filter. A question that names nothing made keeps the old reading."""
    from kb.answer.citations import role_unsaid

    authors = [P(1, "The following people have contributed code to Aspell. Sergey Poznyakoff Wrote the Nroff filter. "
                    "Tom Snyder Enhanced the SGML filter.")]
    assert role_unsaid("Who wrote Aspell's Markdown filter?", authors) == "author"
    assert role_unsaid("Who wrote Aspell's Nroff filter?", authors) == ""
    assert role_unsaid("Who wrote the nroff filter?", authors) == ""


def test_a_maximum_is_answered_with_a_number_a_passage_gives_as_a_bound():
    """"What is the maximum number of columns that a GLPK problem object may hold?" answered "100"
    from an example's constraint (GLPK, round 23): no passage gives 100 as a limit. "(max. 256
    bytes)", "at most 8192 rules", "0 to 0xffff" and "最多" do; a question for no maximum is not
    checked, nor a number the question gives. An English number in words is read as its digits are
    ("Three" from an example's "declares three sensitivity identifiers", secilc, round 52); a label's
    pages ("pp. 9-10") bound nothing."""
    from kb.answer.citations import bound_unsaid

    example = [P(1, "maximize z = 10x1 + 6x2 + 4x3 subject to x1 + x2 + x3 100 10x1 + 4x2 + 5x3 600")]
    question = "What is the maximum number of columns that a GLPK problem object may hold?"
    assert bound_unsaid(question, "It may hold 100 columns [1].", example)
    answer = _conclude("The maximum number of columns that a GLPK problem object may hold is 100.", example, question)
    assert answer.refused and "as a limit" in answer.dropped[-1]
    for question, answer, text in (
            ("How much room can the external stack take up at most?", "256 bytes [1].",
             "It uses all unused space in pdata (max. 256 bytes)."),
            ("How many rules can a scanner have at most?", "8192 [1].", "A scanner can have at most 8192 rules."),
            ("类型值最大可以是多少？", "0xffff [1]。", "The type must be 0 to 0xffff."),
            ("标题最多支持几级？", "6 级 [1]。", "Headers of up to 6 levels are supported."),
            ("How many install types can an installer define at most?", "32 install types [1].",
             "Adds an install type to the install type list. There can be as many as 32 types, each one naming it."),
            ("What is the default size?", "100 [1].", "x1 + x2 100"),
            ("What is the maximum of 100 and 200?", "200 [1].", "200 is more."),
            ("How many arguments can a call have at most?", "Nine [1].", "A call takes at most nine arguments."),
            ("How many arguments can a call have at most?", "Nine arguments [1].", "A call takes up to 9 arguments."),
            ("How many arguments can a call have at most?", "One [1].", "A call takes one argument."),
            ("How many arguments can a call have at most?", "Nine [1].", "Nine arguments at most, as nine is the limit."),
            # ("only N … are allowed": THE's SORT, round 44)
            ("How many fields can one SORT command order the lines by at most?", "10 sort fields [1].",
             "The right column MUST be >= left column. Only 10 sort fields are allowed. target can be any valid target."),
            # (an interval's upper end: LibTomMath's mp_to_radix, round 51)
            ("mp_to_radix 允许的 radix 取值范围上限是多少？", "64 [1]。",
             "This stores a as a base-radix string. Valid values of radix line in the range [2, 64]. The exact number …"),
            ("What is the largest value the level can take?", "255 [1].", "The level is an integer in [0, 255].")):
        assert not bound_unsaid(question, answer, [P(1, text)]), question
    # (not a list's second item, nor a pair that no bracket closes after the number; nor an end an interval excludes, a
    # call's arguments, a list or a citation: the review's cases)
    for text in ("The sizes are [2, 64, 128].", "Call it as f(2, 64 + n).", "The level is an integer in [0, 64).",
                 "for i in range(0, 64): print(i)", "resize(80, 64)", "retry_delays = [1, 64]", "as described in [12, 64]."):
        assert bound_unsaid("What is the largest size the tool accepts?", "64 [1].", [P(1, text)]), text
    sensitivities = "What is the maximum number of sensitivities a CIL policy can declare?"
    example = "Example: This example declares three sensitivity identifiers: (sensitivity s0) (sensitivity s1) (sensitivity s2)"
    assert bound_unsaid(sensitivities, "Three sensitivity statements can be declared in a CIL policy [1].", [P(1, example)])
    assert bound_unsaid("How many arguments can a call have at most?", "Nine [1].", [P(1, "A call takes nine arguments.")])
    assert bound_unsaid("How many arguments can a call have at most?", "Nine [1].", [P(1, "A call takes 9 arguments.")])
    # (the review's cases: a compound, a larger number, one of a set the answer names, beside "no limit", are left
    # alone; a worded number's digits are the whole number, not "16" for six; a version the question gives is none)
    for question, said, text in (
            ("What is the maximum session lifetime?", "Twenty-four hours [1].", "Sessions last at most 24 hours."),
            ("What is the maximum number of connections per worker?", "Two hundred connections [1].",
             "Each worker accepts up to 200 connections."),
            ("What is the highest log level?", "DEBUG, the most verbose of the five levels [1].",
             "Log levels: ERROR, WARN, INFO, DEBUG, TRACE. DEBUG is the most verbose level."),
            ("What is the maximum number of tunnels?", "There is no limit; any number of two-way tunnels can be configured [1].",
             "There is no limit on the number of tunnels."),
            ("What is the maximum number of tunnels?", "There is no limit; both of the two modes accept any number of tunnels [1].",
             "There is no limit on the number of tunnels.")):
        assert not bound_unsaid(question, said, [P(1, text)]), said
    # (a bound said after the number: "three replicas at most", "3 is the limit", "50 characters or less")
    for said, text in (("Three replicas [1].", "A shard can have three replicas at most."),
                       ("Three [1].", "Each shard may have replicas; 3 is the limit."),
                       ("3 replicas [1].", "Keep it to 3 replicas or fewer.")):
        assert not bound_unsaid("How many replicas can a shard have at most?", said, [P(1, text)]), text
    assert bound_unsaid("How many replicas can a shard have at most?", "3 replicas [1].", [P(1, "It has 3 replicas or more.")])
    assert bound_unsaid("How many times does the client retry at most?", "Six [1].", [P(1, "The client retries up to 16 times.")])
    assert bound_unsaid("How many times does the client retry at most?", "Six [1].", [P(1, "The client retries up to sixteen times.")])
    assert bound_unsaid("What is the longest timeout?", "Ten [1].", [P(1, "The maximum is given in tenths of a second.")])
    assert not bound_unsaid("What is the maximum number of tunnels?", "There is no limit; three or four are usual [1].",
                            [P(1, "There is no limit on the number of tunnels.")])
    paged = Labelled(1, "Identifiers are any string of letters.", "CIL_Reference_Guide.pdf · pp. 9-10 · CIL Information > Definitions")
    assert bound_unsaid("What is the maximum length, in characters, of a CIL identifier?", "10 characters [1]", [paged])
    sort = "How many fields can one SORT command order the lines by at most?"
    assert bound_unsaid(sort, "10 sort fields [1].", [P(1, "Only 10 sort fields are shown in the example.")])
    assert bound_unsaid(sort, "10 sort fields [1].", [P(1, "It sorts only 10 fields. More are allowed.")])
    # (a list of allowed values, or a least, is no limit of its first)
    for text in ("Only 128, 192 and 256 are accepted as key sizes.", "Only 128 or 256 are accepted."):
        assert bound_unsaid("What is the largest key size the tool accepts?", "128 bits [1].", [P(1, text)]), text
    assert bound_unsaid("How many replicas can a set have at most?", "3 replicas [1].", [P(1, "Only 3 or more members are allowed.")])
    assert bound_unsaid("What is the maximum value of the counter?", "32 [1].", [P(1, "Only 32-bit integers are accepted as values.")])
    # (zero, in words, is a number too: "An array may have zero or more elements" gives no most, libconfig
    # round 47; but not beside "no limit")
    arrays = [P(1, "2.3 Arrays An array has the form: [ value, value ... ] An array may have zero or more "
                   "elements, but the elements must all be scalar values of the same type.")]
    largest = "What is the largest number of elements an array setting may hold?"
    assert bound_unsaid(largest, "The largest number of elements an array setting may hold is zero [1].", arrays)
    assert not bound_unsaid(largest, "There is no limit; zero elements are allowed too [1].", arrays)
    assert not bound_unsaid(largest, "Zero [1].", [P(1, "The list may hold at most zero entries when locked.")])
    # (nor zero as a range's low end, or as what it does, or in "zero-copy"; and a passage's 0 is zero: the review's cases)
    files = [P(1, "foo accepts zero or one file argument.")]
    assert not bound_unsaid("How many file arguments does foo accept at most?", "foo accepts zero or one file argument [1].", files)
    assert not bound_unsaid("What is the maximum cache size?", "Zero means the cache is infinite [1].", [P(1, "0 means infinite.")])
    assert not bound_unsaid("What is the maximum nesting depth?", "Zero [1].", [P(1, "The maximum depth is 0.")])
    assert not bound_unsaid("What is the maximum message size?", "Large messages fall back from zero-copy [1].",
                            [P(1, "Large messages fall back from zero-copy sends.")])
    # "as many as you like", "twice as large as", "as long as": no bound of the number after them
    for question, answer, text in (
            ("What is the maximum number of upstream servers?", "4 [1].",
             "You can define as many as you like, for example 4 upstream servers in the sample configuration."),
            ("What is the largest receive window?", "64 KB [1].",
             "The receive window can now be twice as large as the 64 KB window of older releases."),
            ("How many retries does the client make at most?", "5 [1].",
             "The client keeps retrying as long as the server answers with 503, waiting 5 seconds between attempts.")):
        assert bound_unsaid(question, answer, [P(1, text)]), question


def test_a_least_answers_no_question_for_a_most():
    """csvkit (round 42): "csvjoin 一次最多可以合并多少个 CSV 文件？", answered in English as its translation
    "How many CSV files can be merged at once using csvjoin?" (最多 lost), with "Two or more CSV tables
    can be merged at once", from "Merges two or more CSV tables together": a least, no most."""
    from kb.answer.citations import bound_unsaid

    joined = [P(1, "csvjoin merges two or more CSV tables together using a method analogous to SQL JOIN.")]
    translated = "How many CSV files can be merged at once using the csvjoin command?"
    reply = "Two or more CSV tables can be merged at once using the csvjoin command [1]."
    assert bound_unsaid(translated, reply, joined, "csvjoin 一次最多可以合并多少个 CSV 文件？")
    assert not bound_unsaid(translated, reply, joined)  # (asked as it stands, it is no question for a maximum)
    assert bound_unsaid("How many files can csvjoin merge at most?", "At least 2 [1].", joined)
    assert bound_unsaid("csvjoin 最多合并几个文件？", "两个或以上 [1]。", joined)
    # a number beside the least is an answer the other readings check; a least in passing is none
    ranged = [P(1, "It takes at least 2 and at most 16 files. A hostname is limited to 253 characters. "
                   "MaxSessions is at most 10 and must be at least 1. It reads up to 255 columns.")]
    for question, said in (("How many files can it take at most?", "At least 2 and as many as 16 files [1]."),
                            ("What is the maximum length of a hostname?",
                             "A hostname can be 253 characters long and consists of one or more labels [1]."),
                            ("How many columns can it read at most?", "255 columns, at least in version 1.0 [1]."),
                            ("MaxSessions 的最大值是多少？", "MaxSessions 可以设置为 10，至少为 1 [1]。")):
        assert not bound_unsaid(question, said, ranged), said
    # a Chinese question's words that ask for no most ("最大的区别", "最高效") do not make its translation one
    python = [P(1, "csvkit requires Python 3.8 or later, while xsv is written in Rust. Run make -j 8 to run 8 jobs.")]
    for written, english, said in (
            ("csvkit 和 xsv 最大的区别是什么？", "What is the main difference between csvkit and xsv?",
             "csvkit requires Python 3.8 or later, while xsv is written in Rust [1]."),
            ("make 并行编译最高效的方法是什么？", "What is the most efficient way to compile in parallel with make?",
             "Run make -j 8, which runs 8 jobs at once [1].")):
        assert not bound_unsaid(english, said, python, written), written
    # "no limit" beside the least is the answer; so is a bound in words; 最大 of no amount asks for no most
    stacked = [P(1, "csvstack stacks one or more CSV files. There is no limit on the number of input files; "
                    "it reads up to a thousand entries. csvjoin merges two or more CSV tables.")]
    for question, said, written in (
            ("How many input files can csvstack take at most?", "There is no maximum: csvstack accepts one or more input files [1].", ""),
            ("What is the maximum number of entries?", "At least one and up to a thousand entries [1].", ""),
            ("csvkit 和 xsv 最大的区别是什么？", "csvjoin 可以合并两个或以上的 CSV 表格 [1]。", ""),
            ("最长的命令有几个参数？", "至少两个参数 [1]。", ""),
            ("How many arguments does the most commonly used csvkit command need?", "csvstack needs one or more input files [1].",
             "csvkit 中使用最多的命令需要几个参数？")):
        assert not bound_unsaid(question, said, stacked, written), said
    assert bound_unsaid("csvjoin 最多能合并几个表格？", "两个或以上 [1]。", stacked)
    # "any number of", "unlimited": no limit, in other words; a question for no amount; a least the question gives
    for question, said in (("What is the maximum number of files csvstack can stack?", "csvstack accepts any number of files, two or more [1]."),
                           ("What is the maximum number of files csvstack can stack?", "The number is unlimited; it needs two or more [1]."),
                           ("What is the biggest difference between csvstack and csvjoin?",
                            "csvstack stacks two or more CSV files, while csvjoin joins them on a key column [1]."),
                           ("What is the most straightforward way to merge two or more CSV files?", "Use csvstack on two or more files [1]."),
                           ("What is the largest number of files csvjoin can merge when given 3 or more?", "3 or more [1].")):
        assert not bound_unsaid(question, said, stacked), said
    assert bound_unsaid("What is the largest number of tables csvjoin can merge?", "Two or more tables [1].", stacked)
    for question, said in (("How many files can csvstack combine at most?", "Two or more files, with no limitation on their number [1]."),
                           ("How many files can csvstack combine at most?", "Two or more, however many you need [1]."),
                           ("Can csvjoin join at most two files?", "No. csvjoin can join two or more CSV files [1].")):
        assert not bound_unsaid(question, said, stacked), said
    # the least of a question for a least is no concern of this check
    assert not bound_unsaid("How many files does csvjoin need?", "Two or more [1].", joined)

    answer = _conclude(reply, joined, translated)
    assert not answer.refused
    from kb.answer.generation import Answerer
    from kb.answer.records import Answer
    from kb.settings import LLMSettings

    answerer = Answerer(LLMSettings(), search=lambda q, k: [], is_relevant=lambda hits, q: True,
                        model=lambda: None, model_name="m")
    asked = Answer(question="csvjoin 一次最多可以合并多少个 CSV 文件？", language="zh", standalone_question=translated)
    answerer.conclude(asked, reply, [Cp(1, joined[0].text)])
    assert asked.refused and "as a limit" in asked.dropped[-1]


def test_who_ported_a_thing_asks_for_its_author():
    """"Who ported SDCC to the STM8 microcontrollers?" answered "Daniel Drotos" from "simulators
    developed by Daniel Drotos" (SDCC, round 18): no sentence that says who made something names the
    STM8 port; "ported by" does."""
    from kb.answer.citations import role_unsaid

    sims = [P(1, "The simulators s51, sz80 and sstm8 are free open source simulators developed by Daniel Drotos. "
                 "It currently supports the mcs51, the Z80 and the STM8.")]
    assert role_unsaid("Who ported SDCC to the STM8 microcontrollers?", sims) == "author"
    sims.append(P(2, "SDCC was ported to the STM8 by Philipp Krause."))
    assert role_unsaid("Who ported SDCC to the STM8 microcontrollers?", sims) == ""


def test_a_version_said_of_what_a_chinese_question_names_is_about_it():
    """"要把 HTML 输出做成 Mac OS X 的 doc set，需要 Mac OS X 哪个版本或更高？" answered "Mac OS X 10.5或更高版本"
    (Doxygen, round 25): the question's Latin words are too short to anchor the number and "html" is
    in every file name, but the passage says 10.5 as a version of Mac OS X, which the question names."""
    question = "要把 HTML 输出做成 Mac OS X 的 doc set，需要 Mac OS X 哪个版本或更高？"
    docset = [Labelled(1, "If you are running doxygen on Mac OS X 10.5 or higher, then you can make a \"doc set\" out "
                          "of the HTML files produced by doxygen.", "searching.html · 5. Mac OS X Doc Sets"),
              Labelled(2, "GENERATE_DOCSET: index files for Xcode. Set DOCSET_FEEDNAME to name the feed.",
                       "config.html · HTML output")]
    from kb.answer.citations import anchor_terms, attribute, ground

    def checked(reply: str):
        return ground(attribute(reply, docset, question=question), docset, question, (), anchor_terms(question) or None)

    assert checked("Mac OS X 10.5或更高版本。").text.strip() == "Mac OS X 10.5或更高版本 [1]。"
    assert checked("Mac OS X 10.4或更高版本。").dropped


def test_an_option_of_one_dash_is_a_term_the_passages_must_hold():
    """"What does the -aggressive option of opt_expr do?" (Yosys, round 26): opt_expr has no such option,
    and no passage names it, so the question names a term the documents lack. "-f" (too short to tell
    from prose) and a word's hyphen are no options."""
    from kb.answer.citations import specific_terms, unsupported_terms

    assert specific_terms("What does the -aggressive option of opt_expr do?") == {"-aggressive", "opt_expr"}
    assert "-nomux" in specific_terms("opt_merge 的 -nomux 选项有什么作用？")
    assert specific_terms("Is the non-interactive mode on? Use -f to force it.") == set()
    expr = [P(1, "opt_expr: This pass performs const folding on internal cell types with constant inputs. "
                 "-mux_undef: remove 'undef' inputs from $mux cells.")]
    assert unsupported_terms("What does the -aggressive option of opt_expr do?", expr) == ["-aggressive"]
    assert unsupported_terms("What does the -mux_undef option of opt_expr do?", expr) == []


def test_the_review_s_cases_of_the_bound_name_version_and_author_checks():
    """A bound said with a unit ("2GB"), grouped digits, in words, as "between 1 and 64", "from -20 (…)
    to 19", "capped at", "≤" or "truncated at" keeps its answer, and "the most commonly used" asks
    for no maximum; a bound in another clause ("columns: max. 16384; rows: 1048576") is none. A
    name is found hyphenated, as the start of a longer one or by one of its words; a compound's
    first word is the name. An extension is grounded by its bare word; "No limit means … 1000" gives
    no default; "the Windows version … called?" asks for no version; who made a thing may be said
    two sentences after it is named, or of the place it was ported to."""
    from kb.answer.citations import (
        asked_kind, bound_unsaid, given_as_default, names, question_names, role_unsaid, supported,
    )

    for question, answer, text in (
            ("What is the largest file size supported?", "2 GB [1].", "Files up to 2GB are supported."),
            ("What is the maximum number of rows?", "At most 1,000,000 rows [1].", "A table holds up to 1,000,000 rows."),
            ("What is the maximum password length?", "8 characters [1].", "Passwords may be at most eight characters long."),
            ("What is the maximum priority?", "64 [1].", "The priority must be between 1 and 64."),
            ("What is the highest niceness?", "19 [1].", "Niceness ranges from -20 (most favorable) to 19 (least favorable)."),
            ("What is the maximum size?", "256 [1].", "It is capped at 256."),
            ("What is the maximum depth?", "16 [1].", "1 ≤ depth ≤ 16"),
            ("What is the maximum line width?", "80 [1].", "Lines are truncated at 80 characters."),
            ("What is the most commonly used baud rate?", "9600 [1].", "9600 baud is the most widely used rate.")):
        assert not bound_unsaid(question, answer, [P(1, text)]), text
    assert bound_unsaid("What is the maximum number of columns?", "1048576 [1].",
                        [P(1, "Limits: columns: max. 16384; rows: 1048576.")])
    assert question_names("How do I turn on Wi-Fi?") == ["wi-fi"] and question_names("How many CPUs can it use?") == []
    assert question_names("On Unix-like systems, which file is read?") == ["unix"]
    assert names(P(1, "Turn on WiFi in the settings."), "wi-fi") and names(P(1, "macOS 10.14+"), "mac")
    assert names(P(1, "a PostgreSQL server"), "postgres") and names(P(1, "open it in VS Code"), "visual studio code")
    assert not names(P(1, "It listens on port 8080."), "tcp")
    assert supported(".png", "writes the plot as a png image.") and not supported(".png", "writes a jpeg file.")
    assert not given_as_default("1000", "no limit means the queue may grow past 1000 entries.")
    assert asked_kind("What is the Windows version of gnuplot called?") != "version"
    assert asked_kind("What is the minimum Perl version needed to build Aspell?") == "version"
    assert role_unsaid("Who ported Aspell to Windows?", [P(1, "The Windows port was written by Thorsten Maerz.")]) == ""
    assert role_unsaid("Who wrote the Markdown filter?", [P(1, "The Markdown filter strips markup. It handles code "
                                                               "blocks. It was written by Kevin Atkinson.")]) == ""
    assert role_unsaid("Who wrote the Markdown filter?", [P(1, "Markdown filter\n\nThis filter was written by Kevin.")]) == ""


def test_round_27_s_right_answers_are_kept():
    """Right answers round 27 (HMMER, GNU M4) refused: "which environment variable controls how many
    worker threads" asks for a name, not a count, as "哪几个文件" does; a Chinese date's year is a
    year ("2010 年 3 月" from "March 2010"), not 2010 years; ".m4f" states no 4; "GNU m4 1.4" is a
    version of GNU m4 when the question says "version of GNU m4"; "was 1.4" gives a version."""
    from kb.answer.citations import _versions, asked_kind, facts, said_as_version

    assert asked_kind("Besides --cpu, which environment variable controls how many worker threads HMMER uses?") == ""
    assert asked_kind("hmmpress 会为 hmmscan 生成哪几个二进制文件？") == ""
    assert asked_kind("Which nauty.h macro computes how many setwords are needed to hold a subset?") == ""  # (round 48)
    assert asked_kind("How many worker threads does HMMER use?") == "count"
    assert facts("HMMER 3.0 是在 2010 年 3 月首次发布的。") == {"2010", "hmmer 3.0"}
    assert facts("The conventional file extension for a frozen file is .m4f.") == {".m4f"}
    assert said_as_version("1.4", "until 1994 when he released gnu m4 1.4, the stable release", {"gnu", "m4"}, "gnu")
    assert not said_as_version("0.50", "work with gnu aspell 0.50 or better", {"perl", "aspell"}, "perl")
    assert "1.4" in _versions("The first version that introduced the macro was 1.4 [2].")
    notes = [P(1, "We negotiated off and on for a year. HMMER3.0 was first released in March 2010.")]
    answer = _conclude("HMMER 3.0 是在 2010 年 3 月首次发布的。", notes, "HMMER 3.0 是在哪一年哪个月首次发布的？")
    assert not answer.refused and [c.n for c in answer.citations] == [1]


def test_an_identifier_spelled_with_spaces_is_found_as_whole_words():
    """"`dynamic_module_load`" answered from "development has continued on new features, such as
    dynamic module loading" (GNU M4, round 27): a PDF's lost underscores let "dynamic module load"
    stand for the identifier, but as whole words only."""
    from kb.answer.citations import supported

    assert not supported("dynamic_module_load", "new features for m4, such as dynamic module loading and builtins.")
    assert supported("write_term", "the predicate write term/3 writes a term.")


def test_a_chunk_of_a_section_another_chunk_names_the_question_s_term_in_is_about_it():
    """"Which gcry_control command stops Libgcrypt from using the mlock call for secure memory?"
    answered "GCRYCTL_DISABLE_LOCKED_SECMEM" from the chunk of "Controlling the library" that lists
    the commands, while only the chunk above it says gcry_control (Libgcrypt, round 28): both are
    one section, same label, so the list is about gcry_control too. A chunk of another section is
    not. "CRC24" is named by GCRY_MD_CRC24_RFC2440."""
    from kb.answer.citations import anchor_terms, attribute, ground, mentions

    question = "Which gcry_control command stops Libgcrypt from using the mlock call for secure memory?"
    section = "Controlling-the-library.html · 3.1 Controlling the library"
    above = Labelled(1, "Function: gcry_error_t gcry_control (enum gcry_ctl_cmds cmd, ...) This function can be used "
                        "to influence the general behavior of Libgcrypt in several ways.", section)
    listed = Labelled(2, "GCRYCTL_DISABLE_LOCKED_SECMEM; Arguments: none. This command disables the use of the mlock "
                         "call for secure memory.", section)
    other = Labelled(2, listed.text, "Other.html · 9 Another section")
    for passages, kept in (([above, listed], True), ([above, other], False)):
        text = attribute("GCRYCTL_DISABLE_LOCKED_SECMEM;", passages, question=question)
        checked = ground(text, passages, question, (), anchor_terms(question) or None)
        assert bool(checked.text.strip()) == kept, checked
    assert mentions("crc24", "gcry_md_crc24_rfc2440 this is the crc24 variant used by openpgp")
    assert mentions("crc24", "gcry_md_crc24_rfc2440 is used by openpgp") and not mentions("crc24", "crc24-ext")


def test_a_name_is_found_in_words_a_pdf_glued_together():
    """"What size of RSA key does the guide currently consider a good idea?" (Guide for Debian
    Maintainers, round 29): pypdf gives the page as "Currently,anRSAkeywith4096bitsisagoodidea.", so
    "RSA" is no word of it, yet the page names it. A short word of ordinary text does not."""
    from kb.answer.citations import names

    assert names(P(1, "Currently,anRSAkeywith4096bitsisagoodidea. SeeCreatinganewGPGkey."), "rsa")
    assert not names(P(1, "The parser reads the first line."), "rsa")


def test_a_compound_the_question_puts_before_a_noun_is_named_by_its_words():
    """Round 29's FFTW: "a one-dimensional real-to-complex transform" and "cycle-counter support"
    describe; the passage about them says "n real numbers ... n/2+1 complex numbers" and is headed
    "Cycle Counters". A setting the question names alone still needs its name (max-buffers)."""
    real = [Labelled(1, "The input is n real numbers, while the output is n/2+1 complex numbers.", "dfts.html · 2.3 Real data"),
            Labelled(2, "The real-to-complex plans are in the reference; see fftw_plan_dft_r2c for 2 arrays.", "ref.html")]
    question = "How many complex numbers does a one-dimensional real-to-complex transform of n real inputs produce?"
    assert not ground("n/2+1 complex numbers [2].", real, question).dropped
    cycle = [Labelled(1, "You can add support by editing the file kernel/cycle.h.", "cycle.html · 10.3 Cycle Counters"),
             Labelled(2, "The cycle-counter code is chosen at configure time.", "install.html · 10.1 Unix")]
    assert not ground("Edit kernel/cycle.h [2].", cycle,
                      "Which source file do you edit to add cycle-counter support for a new compiler?").dropped
    # Named alone, the compound is a setting, which words apart in prose do not name.
    drbd = [P(1, "max-buffers: the maximum number of buffers. The default value is 2048."),
            P(2, "sndbuf-size: if the kernel's max buffers limit is lower, the default of 128 KiB is used.")]
    assert ground("The default max-buffers is 128 KiB [2].", drbd, "What is the default value of max-buffers?").dropped


def test_an_amount_in_terms_of_the_question_s_variable_answers_a_count():
    from kb.answer.citations import wrong_kind

    question = "How many complex numbers does a one-dimensional real-to-complex transform of n real inputs produce?"
    assert wrong_kind(question, "n/2+1 complex numbers [1].") == ""
    assert wrong_kind(question, "Complex numbers [1].") == "it gives no number; the question asks for a count"


def test_a_default_in_the_entry_of_the_option_asked_is_about_it():
    """Round 27's HMMER: makehmmerdb's --sa_freq entry gives "The default value is 8." two sentences
    after the words the question shares with it; the next option's entry is another's."""
    entry = ("--bin_length <n> Bin length. The default is 256. --sa_freq <n> Suffix array sample rate. The FM index "
             "structure also samples from the underlying suffix array for the sequence database. More frequent sampling "
             "(smaller value for <n>) will yield larger file size and faster search (until file size becomes large enough "
             "to cause I/O to be a bottleneck). The default value is 8. Must be a power of 2. --block_size <n> The input "
             "sequence is broken into blocks of size <n> million letters. An FM index is built for each block, rather "
             "than for the entire sequence database. Default is 50.")
    question = "What is makehmmerdb's default suffix array sample rate (--sa_freq)?"
    assert not ground("The default suffix array sample rate is 8 [1].", [P(1, entry)], question).dropped
    assert ground("The default suffix array sample rate is 50 [1].", [P(1, entry)], question).dropped


def test_the_date_of_a_release_is_said_with_its_version():
    """Round 27's GNU M4 near misses: "1994" for 1.4.19 came from "until 1994 when he released GNU m4
    1.4", "2016" for 2.0 from "as recent as 1.4.18 in 2016"; round 29's FFTW one gave no date at all."""
    from kb.answer.citations import release_unsaid

    history = [P(1, "François Pinard took over maintenance of GNU m4 in 1992, until 1994 when he released GNU m4 1.4, "
                    "which was the stable release for 10 years. Releases went on, as recent as 1.4.18 in 2016. When "
                    "complete, GNU m4 2.0 will start a new series of releases."),
               P(2, "HMMER3.0 was first released in March 2010.")]
    assert release_unsaid("GNU m4 1.4.19 是哪一年发布的？", "1994 [1]", history) == "no passage dates the release of 1.4.19"
    assert release_unsaid("In what year was GNU m4 2.0 released?", "2016 [1]", history) == \
        "no passage dates the release of 2.0"
    assert release_unsaid("In what year was GNU m4 1.4 released?", "1994 [1]", history) == ""
    assert release_unsaid("HMMER 3.0 是在哪一年哪个月首次发布的？", "2010 年 3 月 [2]", history) == ""
    assert release_unsaid("When was FFTW 3.3.10 officially released?", "It was released in version 3.3 [1].", history) == \
        "it gives no date; the question asks for one"
    assert release_unsaid("When was the tool added?", "In version 3.3 [1].", history) == ""  # no version named
    # Wired into the answer: the made-up year is withdrawn.
    answer = _conclude("GNU m4 1.4.19 was released in 1994 [1].", history, "In what year was GNU m4 1.4.19 released?")
    assert answer.refused and answer.refused_by == "grounding"


def test_the_review_s_cases_of_the_release_date_modifier_and_entry_checks():
    """A review of the round-27-to-29 checks reproduced right answers refused and wrong defaults let
    through; each case stands here."""
    from kb.answer.citations import release_unsaid

    # A release's date: 2.3 is 2.3.0; a heading or a label reads with the paragraph under it;
    # "Dec. 10, 2020" is one sentence; "not released yet" needs no date; other questions are not asked.
    assert not _conclude("Version 2.3 was released on 2019-04-01 [1].", [P(1, "Version 2.3.0 (2019-04-01)\n- New --color option.")],
                         "When was version 2.3 released?").refused
    assert not _conclude("GNU m4 1.4.19 was released on 2021-05-28 [1].",
                         [P(1, "Release 1.4.19\n\nReleased: 2021-05-28. This release fixes bugs.")],
                         "When was GNU m4 1.4.19 released?").refused
    assert release_unsaid("When was version 2.3 released?", "It was released on 2019-04-01 [1].",
                          [Labelled(1, "Released 2019-04-01. Noteworthy changes: bug fixes.", "NEWS · Version 2.3")]) == ""
    assert not _conclude("FFTW 3.3.9 was released in 2020 [1].", [P(1, "FFTW 3.3.9 was released on Dec. 10, 2020, fixing bugs.")],
                         "When was FFTW 3.3.9 released?").refused
    assert release_unsaid("When was GNU m4 2.0 released?", "GNU m4 2.0 has not been released yet [1].", []) == ""
    assert release_unsaid("When was support for TLS 1.0 removed?", "In 3.0.0, released 2021-09-07 [1].", []) == ""
    assert release_unsaid("What date format does 1.2 use?", "ISO 8601, YYYY-MM-DD [1].", []) == ""
    # A setting the question asks about with a verb is named, not described: "does max-buffers
    # default to" takes no value from the kernel's "max buffers limit".
    drbd = [P(1, "max-buffers number\n    Limits the memory usage per DRBD minor device. The default value is 2048."),
            P(2, "sndbuf-size size\n    If the kernel's max buffers limit is lower, the default of 128 KiB is used.")]
    assert _conclude("The default max-buffers is 128 KiB [2].", drbd, "What does max-buffers default to?").refused
    # In an option's entry, only a value the entry gives as the default, and only until another entry begins.
    entry = ("--sa_freq <n> Suffix array sample rate. More frequent sampling (smaller value for <n>) will yield larger "
             "file size and faster search (until file size becomes large enough to cause I/O to be a bottleneck). The "
             "default value is 8. Must be a power of 2. --block_size N The input sequence is broken into blocks of size N "
             "million letters; an FM index is built for each block. Default is 50.")
    question = "What is makehmmerdb's default suffix array sample rate (--sa_freq)?"
    assert _conclude("The default suffix array sample rate is 2 [1].", [P(1, entry)], question).refused
    assert _conclude("The default suffix array sample rate is 50 [1].", [P(1, entry)], question).refused
    assert not _conclude("The default suffix array sample rate is 8 [1].", [P(1, entry)], question).refused
    lines = ("sa_freq=\n    Suffix array sample rate. More frequent sampling will yield larger file size and faster search, "
             "until file size becomes large enough to cause I/O to be a bottleneck. Must be a power of two.\nblock_size=\n"
             "    The input sequence is broken into blocks of this many million letters. Defaults to 50.")
    assert _conclude("The default value of sa_freq is 50 [1].", [P(1, lines)], "What is the default value of sa_freq?").refused


def test_a_sentence_cites_each_of_the_few_passages_that_hold_its_facts():
    """Bash's COPROC is in the Coprocesses section and in the list of shell variables: the answer
    that cites one cites both. Not where a second passage only shares an amount (another option's
    "The default is 10"), does not name what the question names, or where the marker is an index
    in code; and a citation added so is no evidence for the checks (it is added after them)."""
    from kb.answer.citations import corroborate

    passages = [P(1, "Coprocesses. If NAME is not supplied, the default name is COPROC."),
                P(2, "Shell Variables. COPROC: the array variable created when no NAME is given; it holds the file descriptors."),
                P(3, "Job control lets you stop and resume processes.")]
    question = "Without a NAME, which array variable holds the file descriptors?"
    answer = _conclude("The array variable is COPROC [2].", passages, question)
    assert answer.answer == "The array variable is COPROC [2][1]." and [c.n for c in answer.citations] == [2, 1]
    assert _conclude("The array variable is COPROC.", passages, question).answer == "The array variable is COPROC [2][1]."
    assert corroborate("The array variable is COPROC [2]; job control applies [3].", passages, question) == \
        "The array variable is COPROC [2]; job control applies [3]."  # (two markers: whose is whose is the model's)
    sshd = [P(1, "MaxSessions\n    Specifies the maximum number of open sessions per network connection. The default is 10."),
            P(2, "X11DisplayOffset\n    Specifies the first display number available. The default is 10.")]
    assert corroborate("The default value of MaxSessions is 10 [1].", sshd, "What is the default of MaxSessions?") == \
        "The default value of MaxSessions is 10 [1]."
    ssh = [P(1, "OpenSSH 8.2 added support for FIDO/U2F hardware authenticators with the sk key types."),
           P(2, "OpenSSH 8.2 announces that ssh-rsa will be disabled in a near-future release.")]
    assert corroborate("FIDO key support was added in OpenSSH 8.2 [1].", ssh, "Which version of OpenSSH added FIDO keys?") == \
        "FIDO key support was added in OpenSSH 8.2 [1]."
    argv = [P(1, "sys.argv[1] is the first argument."), P(2, "print(sys.argv[1]) prints the first argument.")]
    assert corroborate("It is `sys.argv[1]`.", argv, "Which variable holds the first argument?") == "It is `sys.argv[1]`."
    # A port another service's passage gives does not make the answer's number a port.
    ports = [P(1, "Node exporter 1.0 fixed issue 9090, where the textfile collector leaked file handles."),
             P(2, "Prometheus itself listens on port 9090 and scrapes the node exporter.")]
    assert _conclude("The node exporter listens on TCP port 9090 [1].", ports, "Which TCP port does the node exporter listen on?").refused


def test_a_one_dash_option_an_answer_names_is_a_fact_its_passage_holds():
    """Round 30's Gri near miss: "-pslevel", an option no passage names, was kept; "-creator",
    which the index names, stands. Only five lower-case letters or more: "tar -xzf" runs one-letter
    flags together, "-fno-strict-aliasing" is the negative of what the manual names, "-Xmx2g" fills
    in its placeholder."""
    index = [P(1, "command-line option -creator . . . 8 command-line option -warn_offpage . . . 8")]
    question = "Which command-line option selects the PostScript language level?"
    assert ground("It is -pslevel [1].", index, question).dropped
    assert not ground("It is -creator [1].", index, question).dropped
    assert "-y" not in facts("Use -y to skip.") and "-pslevel" in facts("Use -pslevel to set it.")
    tar = [P(1, "-x, --extract  Extract files from an archive. -z, --gzip  Filter the archive through gzip. "
                "-f, --file=ARCHIVE  Use archive file ARCHIVE.")]
    assert not _conclude("Extract it with tar -xzf [1].", tar, "How do I unpack a gzip-compressed tar archive?").refused
    assert not facts("Use -fno-strict-aliasing or -Xmx2g.") & {"-fno-strict-aliasing", "-xmx2g", "-fno"}
    assert "-pslevel" in facts("Use \u2212pslevel.")  # (a PDF's minus sign is a dash)


def test_the_glossary_gives_the_english_words_of_a_chinese_question_s_nouns():
    """Round 27's "m4 的冻结文件按惯例使用什么文件后缀？" searches "frozen" and "suffix" beside
    itself; "数据库" (database) is no "库" (library)."""
    from kb.lexicon import english_words

    assert {"frozen", "suffix", "file"} <= set(english_words("m4 的冻结文件按惯例使用什么文件后缀？"))
    assert "library" not in english_words("数据库的索引在哪里？") and "library" in english_words("共享库放在哪个目录？")
    # (Speex, round 50: the preprocessor's request "Set maximum attenuation of the noise in dB")
    assert {"noise", "attenuation", "preprocessor"} <= set(english_words("Speex 预处理器中，哪个请求用于设置噪声的最大衰减（单位 dB）？"))
    passage = [P(1, "SPEEX_PREPROCESS_GET_PROB_CONTINUE SPEEX_PREPROCESS_SET_NOISE_SUPPRESS Set maximum attenuation of the "
                    "noise in dB (negative spx_int32_t) SPEEX_PREPROCESS_GET_NOISE_SUPPRESS Get maximum attenuation of the noise"),
               P(2, "The Speex preprocessor is used to apply echo cancellation and denoising to audio; see the request list."),
               P(3, "Speex is an audio codec.")]
    assert not ground("SPEEX_PREPROCESS_SET_NOISE_SUPPRESS [2]。", passage, "Speex 预处理器中，哪个请求用于设置噪声的最大衰减（单位 dB）？").dropped


def test_a_release_numbered_so_gives_a_version():
    """Round 30's GNU gettext: "the first official release … was numbered 0.7" gives version 0.7."""
    history = [P(1, "The first official release of the package, including PO mode, occurred in July 1995, and was numbered 0.7.")]
    question = "What version number did the first official release of GNU gettext carry?"
    assert not ground("0.7 [1]", history, question).dropped
    assert ground("0.7 [1]", [P(1, "See section 0.7 for the first official release of the package.")], question).dropped


def test_round_31_s_right_answers_are_kept():
    """MrBayes (round 31): "burnin" is burn-in; a help table's "Current Setting" column gives a
    setting's value at start, its default; a translation that asks "who … in which year" asks for a
    year; the setting an answer gives last ("… is ratepr") is named where a passage calls it a parameter."""
    from kb.answer.citations import given_as_default, names_no_setting, names_nobody

    burnin = [P(1, "Relburnin sets whether a fixed burnin or a burnin percentage is used. By default, MrBayes will "
                   "discard the first 25 % samples from the cold chain (relburnin=yes and burninfrac=0.25)."),
              P(2, "The burn-in can be given as a fraction (relative burn-in) rather than as an absolute value.")]
    question = "By default, what share of the cold chain's samples does MrBayes discard as burn-in?"
    assert not ground("It discards 25% of the samples as burn-in [1].", burnin, question).dropped
    table = ("we will get the following table: parameter options current setting ------------ "
             "ngen <number> 1000000 nruns <number> 2 temp <number> 0.100000 reweight <number>,<number> 0.00")
    assert given_as_default("0.100000", table, "what is the default temp?") and given_as_default("1000000", table, "ngen?")
    assert not given_as_default("0.100000", "temp <number> 0.100000 in our last run", "what is the default temp?")
    # Only in the row of the setting asked, and not where the passage set it before its table.
    assert not given_as_default("2", table, "how many chains (nchains) by default?")
    assert not given_as_default("20000", "type mcmcp ngen=20000. " + table.replace("1000000", "20000"), "default ngen?")
    assert not names_nobody("Who started developing MrBayes in which year?", "It was started in 1999-2000 [1].")
    assert names_nobody("Who started developing MrBayes?", "It was started in 1999-2000 [1].")
    ratepr = [P(1, "This is achieved using the ratepr parameter of the prset command.")]
    question = "Which prset parameter allows the overall rate to differ across partitions?"
    assert not names_no_setting(question, "The prset parameter that allows it is ratepr [1].", ratepr)
    assert names_no_setting(question, "The prset parameter allows it [1].", ratepr)


def test_a_pdf_table_of_parameters_gives_the_default_in_the_row_of_the_parameter_asked():
    """ReportLab's guide (round 55) tabulates canvas.acroform.checkbox's parameters under "Parameter Meaning Default",
    which the PDF's text flattens: "… (absolute coordinates) 0 size The outline dimensions size x size 20 checked …".
    20 is size's default; not to a question about another row's parameter, not a value of a table without that
    header, and not a value inside a row's meaning."""
    from kb.answer.citations import _normalised, given_as_default

    table = _normalised("The arguments are canvas.acroform.checkbox parameters Parameter Meaning Default name the "
                        "parameter's name None x the horizontal position on the page (absolute coordinates) 0 y the vertical "
                        "position on the page (absolute coordinates) 0 tooltip the text shown when the pointer rests on it "
                        "None size The outline dimensions size x size 20 checked if True the checkbox is initially checked False "
                        "buttonStyle the checkbox style (see below) 'check' borderWidth as it says 1")
    question = "what is the default value of the size parameter when creating a checkbox using canvas.acroform.checkbox?"
    assert given_as_default("20", table, question)
    assert given_as_default("1", table, "what is the default borderwidth of a checkbox?")
    assert not given_as_default("20", table, "what is the default borderwidth of a checkbox?")
    assert not given_as_default("20", table.replace("parameter meaning default", "parameter meaning"), question)
    inside = table.replace("size the outline dimensions size x size 20", "size the outline, 12 by 12 in earlier versions, 20")
    assert not given_as_default("12", inside, question)
    # (no word of a row's meaning is a row's name, "if true the checkbox is initially checked False" is checked's row;
    # nor a number inside a meaning, in digits or in words)
    assert not given_as_default("false", table, "what is the default value of the tooltip parameter of a checkbox?")
    per_inch = table.replace("borderwidth as it says 1", "width the width in points, at most 72 per inch 120")
    assert per_inch != table and not given_as_default("72", per_inch, "what is the default width of a checkbox?")
    worded = table.replace("borderwidth as it says 1", "borderwidth draws two borders around the box 1")
    assert worded != table and not given_as_default("2", worded, "what is the default borderwidth of a checkbox?")
    passages = [P(1, table)]
    assert not ground("The default size of a checkbox is 20 [1].", passages, question).dropped
    assert ground("The default borderWidth of a checkbox is 20 [1].", passages,
                  "What is the default borderWidth of a checkbox?").dropped


def test_the_default_of_a_limit_answers_what_holds_unless_changed():
    """YARA (round 31): "at most how many bytes … unless it is changed" is answered by the default of
    max_match_data, "the maximum number of bytes … By the default this is set to 512"; "the maximum
    value accepted" is not answered by a limit's default (Mailfromd's "Hard limit … The default value is 6")."""
    from kb.answer.citations import bound_unsaid

    yara = [P(1, "yara.set_config accepts the max_match_data argument for controlling the maximum number of bytes that "
                 "will be returned for each matching string. This is equivalent to using YR_CONFIG_MAX_MATCH_DATA. "
                 "By the default this is set to 512.")]
    assert not bound_unsaid("Unless it is changed, at most how many bytes of each matching string does YARA return?",
                            "Up to 512 bytes [1].", yara)
    pmult = [P(1, "max-threads-hard n: Hard limit on the number of pmilter threads. This is roughly equivalent to the "
                  "number of emails pmult is able to handle simultaneously. The default value is 6.")]
    assert bound_unsaid("What is the maximum value accepted for pmult's max-threads-hard setting?", "It is 6 [1].", pmult)
    # Nor is it, to a question for the default of a setting whose name says it is a limit, where that
    # setting's entry gives the default (backup-manager, round 45).
    burning = [P(1, "Chapter 2. Configuration files 20 BM_BURNING_MAXSIZE Type: integer, default: 700. This is where you "
                    "define the maximum size (in megabytes) of the media you will put in the device. Here is the list of "
                    "the common sizes: • CDR/CDRW: 650, 700, 800 • DVD: 4700")]
    asked = "BM_BURNING_MAXSIZE 默认设定的介质最大容量是多少兆字节？"
    assert not bound_unsaid(asked, "700兆字节 [1]", burning)
    assert bound_unsaid(asked.replace("默认设定的", ""), "700兆字节 [1]", burning)  # (a default is not a most)
    assert bound_unsaid(asked, "700兆字节 [1]", [P(1, "BM_BURNING_SIZE Type: integer, default: 700.")])  # (another's)
    assert bound_unsaid("What is the maximum length of a field by default when the delimiter is a comma?", "128 [1].",
                        [P(1, "The delimiter defaults to a comma, and 128 is the buffer used by the parser.")])
    assert bound_unsaid("What is the maximum length of a field by default when field_delimiter is a comma?", "128 [1].",
                        [P(1, "field_delimiter defaults to a comma, and 128 is the buffer used by the parser.")])


def test_a_chinese_question_answered_in_english_keeps_its_default_for_the_bound_check():
    """Infernal (round 37): "默认情况下 … 最大 DP 矩阵大小上限是多少？" was refused in Chinese and answered
    in English, whose translation said "maximum" but not "default"; the bound check then read the
    passage's "By default this size is 1028 Mb" as no bound. The question as written still counts."""
    from kb.answer.generation import Answerer
    from kb.answer.records import Answer
    from kb.settings import LLMSettings

    mxsize = [Cp(1, "--mxsize <x> Set the maximum allowable DP matrix size to <x> megabytes. "
                    "By default this size is 1028 Mb.")]
    chinese = "默认情况下，cmsearch 允许的最大 DP 矩阵大小是多少？"
    english = "What is the maximum allowable DP matrix size in cmsearch?"
    answerer = Answerer(LLMSettings(), search=lambda q, k: [], is_relevant=lambda hits, q: True,
                        model=lambda: None, model_name="m")
    for question, refused in ((chinese, False), (english, True)):
        answer = Answer(question=question, standalone_question=english)
        answerer.conclude(answer, "The maximum DP matrix size is 1028 Mb [1].", mxsize)
        assert answer.refused is refused, (question, answer.answer)


def test_the_review_s_cases_of_round_30_and_31_s_fixes():
    """A review of the fixes rounds 30 and 31 led to reproduced these; each stands here."""
    from kb.answer.citations import bound_unsaid, names_no_setting, names_nobody

    # A limit's default, unless changed: only where no other setting's entry begins after "maximum".
    yara = [P(1, "yara.set_config accepts the max_match_data argument for controlling the maximum number of bytes "
                 "returned for each matching string. The stack_size argument sets the stack; by default it is 16384.")]
    assert bound_unsaid("Unless changed, at most how many bytes of each matching string does YARA return?",
                        "Up to 16384 bytes [1].", yara)
    # "Who … and in which year?" still needs someone where the answer says who did it.
    assert names_nobody("Who originally wrote kpropd, and in which year?", "It was written in 1996 by the primary KDC [1].")
    assert not names_nobody("Who originally wrote kpropd, and in which year?", "It was written in 1996 [1].")
    # A label ("Deprecated:") sets no setting off by name.
    rsync = [P(1, "Module options: path, comment, read only. Deprecated: the use chroot option of older releases.")]
    assert names_no_setting("Which option of rsyncd.conf enables TLS?", "The option that enables it is deprecated [1].", rsync)
    # "numbered" gives a version only of a release or version.
    assert _conclude("It was added in version 3.4 [1].", [P(1, "The frobnicate command was added. Known issues are "
                                                               "numbered 3.4 and 3.5 in the tracker.")],
                     "In which version was the frobnicate command added?").refused


def test_an_option_asked_for_what_an_acronym_names_must_be_said_to_do_it():
    """"Which option writes JSON?" answered with an option whose entry never says JSON is the manual's
    nearest option, not the answer; an option the entry says it of, or the product's own name, stands."""
    from kb.answer.citations import purpose_unsaid

    msgfmt = [P(1, "Output file location: -j, --java  Java mode: generate a Java ResourceBundle class. "
                   "--tcl  Tcl mode: generate a tcl/msgcat .msg file. " + "Other modes follow. " * 30),
              P(2, "The po-mode of Emacs reads catalogs. JSON is not a format of these tools.")]
    question = "Which msgfmt option writes the translations out as a JSON message catalog?"
    assert purpose_unsaid(question, "It is `-j` [1].", msgfmt[:1], msgfmt) == "JSON"
    # Through the answer's checks, where no other check stops it: withdrawn, and why.
    monitor = [P(1, "gammu-smsd-monitor options: -c, --csv  print status as comma separated values. -d, --delay  "
                    "seconds between polls of the daemon status. -n, --loops  number of loops to print the status.")]
    for asked in ("Which gammu-smsd-monitor option prints the status as XML?",
                  "With gammu-smsd-monitor, which option prints the status as XML?"):
        answer = _conclude("Use `--csv` [1].", monitor, asked)
        assert answer.refused and "XML beside it" in answer.dropped[-1], asked
    assert not _conclude("Use `--csv` [1].", monitor, "Which gammu-smsd-monitor option prints the status as CSV?").refused
    # Said beside the option ("--json", "JSON output"), or by the identifier itself ("-mavx2"): it stands.
    monitor = [P(1, "gammu-smsd-monitor options: -c, --csv  print status as CSV. -j, --json  print status as JSON.")]
    assert purpose_unsaid("Which gammu-smsd-monitor option prints the status as JSON?", "Use `--json` [1].",
                          monitor, monitor) == ""
    gcc = [P(1, "x86 Options: -mmmx -msse -msse2 -mavx -mavx2 -mavx512f " + "-mfoo " * 60 + "These switches enable "
                "the use of instructions in the MMX, SSE, AVX and AVX2 extended instruction sets.")]
    assert purpose_unsaid("Which option enables AVX2 instructions?", "Use `-mavx2` [1].", gcc, gcc) == ""
    fftw = [P(1, "--enable-sse2, --enable-avx, --enable-avx2: Enable various SIMD instruction sets."), P(2, "FFTW plans.")]
    assert purpose_unsaid("Which configure option enables AVX-512 instructions?", "Use `--enable-avx2` [1].",
                          fftw[:1], fftw) == "AVX-512"
    assert purpose_unsaid("Which configure option enables AVX-512 instructions?", "Use `--enable-avx512` [1].",
                          fftw[:1], fftw) == ""
    # One identifier of the answer doing what was asked is enough ("-J (--json)", then "add -n"); an
    # identifier's entry in a passage the answer does not cite counts (its synopsis was cited).
    lsblk = [P(1, "-J, --json  Use JSON output format. " + "-x, --sort column  Sort output lines by column. " * 8
                  + "-n, --noheadings  Do not print a header line.")]
    assert purpose_unsaid("Which lsblk option prints the device list as JSON?",
                          "Use `-J` (`--json`) [1]. To leave out the header line, add `-n` [1].", lsblk, lsblk) == ""
    synopsis = [P(1, "SYNOPSIS gammu-smsd-monitor [-C] [-j] [-l]"), P(2, "-j, --json  Print output in JSON format."),
                P(3, "Installation."), P(4, "Bugs.")]
    assert purpose_unsaid("Which gammu-smsd-monitor option prints the status as JSON?", "Use `-j` [1].",
                          synopsis[:1], synopsis) == ""
    # Not an acronym of the noun phrase that names the identifier, nor of where it works, nor a
    # synonym the manual writes (TLS for SSL), nor the product's own name in most passages.
    filler = [P(2, "Installation: the sources unpack into a directory of their own."), P(3, "Reporting bugs.")]
    for asked, reply, text in (
            ("Which CLI flag makes hugo include content marked as draft?", "Use `-D` [1].",
             "-D, --buildDrafts   include content marked as draft"),
            ("Which GNU tar option filters the archive through gzip?", "Use `-z` [1].",
             "-z, --gzip  Filter the archive through gzip(1)."),
            ("Which setting in the YAML configuration file sets the listening port?", "It is `listen_port` [1].",
             "listen_port: the TCP port the server accepts connections on."),
            ("Which rsync option compresses the file data sent over SSH?", "Use `-z` [1].",
             "-z, --compress  compress file data during the transfer"),
            ("Which make option runs jobs in parallel to use all CPU cores?", "Use `-j` [1].",
             "-j [jobs], --jobs[=jobs]  Specifies the number of jobs to run simultaneously."),
            ("Which curl option disables SSL certificate verification?", "Use `-k` [1].",
             "-k, --insecure  This option makes curl skip the verification of the server's TLS certificate."),
            ("Which configuration option makes the SMS daemon hang up incoming calls?", "It is HangupCalls [1].",
             "HangupCalls: if enabled, the daemon hangs up any incoming call. The SMSD daemon reads it.")):
        passages = [P(1, text), *filler] if "SMS" not in asked else [P(1, text), P(2, "SMSD runs as a service."),
                                                                    P(3, "The SMSD configuration.")]
        assert purpose_unsaid(asked, reply, passages[:1], passages) == "", asked
    # Only a question for the identifier, whose noun heads it; not a question that names one.
    gpasm = [P(1, "308 Warning level superceded by command line value. TRIS and OPTION instructions are deprecated.")]
    assert purpose_unsaid("What is the warning number given by GPASM when using TRIS and OPTION instructions?",
                          "It is 308 [1].", gpasm, gpasm) == ""
    assert purpose_unsaid("What does the -x option do with JSON?", "It passes `-x` data [1].", gpasm, gpasm) == ""


def test_a_number_run_on_to_a_dash_option_is_stated():
    """LaTeX2RTF (round 38): "-f0 do not use fields in RTF" states the 0 of "The -f0 option turns off
    RTF fields" (a number after a short name, "RFC5460", states none). A value only the question
    gives stays the question's ("make -j8" to "8 parallel jobs", where the passage has "-j [jobs]")."""
    from kb.answer.citations import supported

    fields = [P(1, "-f# where # selects which fields to use during conversion: -f0 do not use fields in RTF. This is handy "
                   "when primitive RTF editors are being used. -f3 use fields when possible. This is the default.")]
    kept = ground("The -f0 option turns off RTF fields entirely, for primitive RTF editors [1].", fields,
                  "Which -f option turns off RTF fields entirely?")
    assert not kept.dropped
    assert ground("The -f2 option turns off RTF fields [1].", fields, "Which -f option turns off RTF fields?").dropped
    assert supported("0", "-f0 do not use fields") and not supported("5460", "see rfc5460 for the port")
    jobs = [P(1, "-j [jobs], --jobs[=jobs]  Specifies the number of jobs (commands) to run simultaneously.")]
    assert not ground("Run make -j8 [1].", jobs, "How do I run make with 8 parallel jobs?").dropped


def test_a_plain_word_given_as_the_default_is_checked_without_its_marker_too():
    """"… is matte." (no marker, the sentence's full stop after the word) gives "matte" as the
    default as "… is matte [1]." does: a passage must say so."""
    laminate = [P(1, "A matte laminate suits photographs that hang under bright lights. " + "Laminates protect prints. " * 8
                     + "The default laminate is glossy.")]
    for reply in ("The default laminate is matte [1].", "The default laminate is matte."):
        checked = ground(reply, laminate, "What is the default laminate?")
        assert checked.text == "" and "matte" in checked.dropped[0], reply
    assert ground("The default laminate is glossy.", laminate, "What is the default laminate?").text \
        == "The default laminate is glossy [1]."


def test_round_32_s_right_answers_are_kept():
    """FORM and Charliecloud (round 32): right answers the checks had withdrawn; the wrong ones
    next to them stay withdrawn."""
    from kb.answer.citations import bound_unsaid, sibling

    # "restricted to 24 characters" gives a bound.
    module = [P(1, "The module statement may add a message to the statistics. This special commentary is restricted "
                   "to 24 characters.")]
    assert not bound_unsaid("How many characters at most may the message that a module instruction adds hold?",
                            "24 characters [1].", module)
    # "Without a single statement changed" sets a scene; it asks for no default.
    tform = [P(1, "Many old calculations, when repeated with TFORM, would give improvement factors above 1.7 on a dual "
                  "pentium machine and around 3 on a quad opteron machine.")]
    reply = "Many old calculations gave improvement factors above 1.7 on a dual Pentium machine [1]."
    assert _conclude(reply, tform, "Without a single statement changed, what speed-up did many old calculations "
                                   "reach with the threaded version on a dual Pentium machine?").answer == reply
    # A file name after the question's own condition said back is what happens then, not a default ...
    setup = [P(1, "If the command tail specifies a path for the setup file, FORM will try to open the file form.set in "
                  "this directory. If this cannot be done FORM passes on to the next option. " * 2
                  + "Next FORM tries to open the file form.set in the current directory.")]
    reply = "如果命令行没有指定 setup 文件，FORM 接下来会在当前目录中尝试打开 `form.set` 文件 [1]。"
    assert _conclude(reply, setup, "如果命令行没有指定 setup 文件，FORM 接下来会在当前目录中尝试打开哪个文件？").answer == reply
    # ... but an amount after "Unless told otherwise" is still a default, which the passage must give as one.
    gplink = [P(1, "Level 0 does not throw away any symbols or sections. " + "Other levels remove more. " * 8
                   + "Level 1 (default) removes unused sections.")]
    answer = _conclude("Unless told otherwise, gplink optimizes at level 0 [1]. Level 0 does not throw away any symbols "
                       "[1].", gplink, "Unless told otherwise, how hard does gplink optimize, and what does that level "
                                       "throw away?")
    assert "level 0 [1]" not in answer.answer
    # A product's two-letter prefix ("ch-run", "CH_RUNNING") makes no neighbour; a shared word does.
    assert sibling("What value does ch-run store in the variable that tells a process it runs in a container?",
                   "$CH_RUNNING Set to Weird Al Yankovic [1].") == ""
    assert sibling("What is the default of ko-count?", "The usage-count is 5 [1].") == "usage-count"


def test_an_amount_in_words_must_be_in_a_passage_the_answer_cites():
    """"… for two seconds" where no cited passage gives two seconds (in words or digits) is a guess;
    "2 seconds", "two-second" or the question's own amount stands."""
    from kb.answer.citations import worded_unsaid

    pipes = [P(1, "Lets us suppose the first pipe was created with the descriptors 5 and 6, the second pipe has the "
                  "descriptors 7 and 8. The parent application must wait for the answer from descriptor 5.")]
    question = "How many seconds does FORM wait for the parent application's answer before it fails?"
    reply = "The parent application must wait for the answer from descriptor 5 for two seconds before it fails [1]."
    assert worded_unsaid(question, reply, pipes) == "two seconds"
    assert _conclude(reply, pipes, question).refused
    for said in ("It waits 2 seconds for the answer.", "After a two-second wait it fails.", "It waits two seconds."):
        assert worded_unsaid(question, reply, [P(1, pipes[0].text + " " + said)]) == "", said
    assert worded_unsaid("Does it wait two seconds?", "Yes, it waits two seconds [1].", pipes) == ""
    assert worded_unsaid(question, "The two pipes are read in turn [1].", pipes) == ""  # no unit


def test_a_plain_number_after_the_product_a_version_question_names_is_a_version():
    """"in Debian 8" to "Which Debian version …?" needs a passage that says Debian 8 (or release 8),
    not "almalinux:8" in a tutorial."""
    question = "What version of Debian did Charliecloud first enter the official software repository in?"
    tutorial = [P(1, "We'll use the tag 8. $ ch-image pull almalinux:8 pulling image: almalinux:8. Maintained by "
                     "others: Debian, Gentoo and NixOS.")]
    assert _conclude("Charliecloud entered the official repository in Debian 8 [1].", tutorial, question).refused
    packaged = [P(1, "Charliecloud has been in the official Debian repository since Debian 8 (jessie).")]
    reply = "Charliecloud entered the official repository in Debian 8 [1]."
    assert _conclude(reply, packaged, question).answer == reply


def test_the_first_release_s_year_is_not_a_date_said_with_another_version():
    """"In what year was the first version of FORM released?": the title page's "FORM version 4.3
    Reference manual … January 4, 2023" dates the manual; a sentence with no other version, or
    one that says "first", may date the first release."""
    from kb.answer.citations import release_unsaid

    question = "In what year was the first version of FORM released?"
    title = [P(1, "FORM version 4.3 Reference manual J.A.M. Vermaseren, T. Kaneko and J. Vollinga January 4, 2023. "
                  "Contents: 1 Running FORM.")]
    assert release_unsaid(question, "January 4, 2023 [1]", title) == "no passage dates the first release"
    assert _conclude("FORM was first released in 2023 [1].", title, question).refused
    history = [P(1, "FORM 1.0 was first released in 1989, after work that began in 1984.")]
    assert release_unsaid(question, "It was released in 1989 [1].", history) == ""
    m4 = [P(1, "René Seindal released his implementation of m4, GNU m4, in 1990.")]
    assert release_unsaid("Who first released GNU m4, and in which year?", "Seindal, in 1990 [1].", m4) == ""


def test_the_review_s_cases_of_round_32_s_fixes():
    """A review of the fixes round 32 led to reproduced these; each stands here."""
    from kb.answer.citations import release_unsaid, sibling, worded_unsaid

    # An amount in words is read as the grounding check reads digits ("2 s", "(default: 2)", "50%", "12h"),
    # and not inside a bigger one ("twenty-four hours", "two hundred bytes").
    for reply, text in (("It keeps them for twenty-four hours [1].", "Cached entries expire after 24 hours."),
                        ("It waits two seconds by default [1].", "--timeout=SECONDS  Seconds to wait (default: 2)."),
                        ("It waits two minutes [1].", "The client gives up after 2 min."),
                        ("It holds two hundred bytes [1].", "A label holds at most 200 bytes."),
                        ("The cache uses fifty percent of memory [1].", "The cache uses 50% of memory.")):
        assert worded_unsaid("How long, how much?", reply, [P(1, text)]) == "", reply
    # A release after a name: in a list, a few words on, or as N.0.
    for question, reply, text in (
            ("Which Windows version does PuTTY need at least?", "PuTTY needs Windows 10 or Windows 11 [1].",
             "PuTTY runs on Windows 10 and 11."),
            ("Which Debian version does the image use?", "The image uses Debian 12 [1].",
             "The image is Debian GNU/Linux 12 (bookworm)."),
            ("Which Java version does Gradle require?", "Gradle requires Java 8 [1].", "Gradle requires Java SE 8 or later."),
            ("Which Debian version introduced dependency-based boot ordering?", "Debian 6 (squeeze) [1].",
             "Debian 6.0 (squeeze) introduced dependency-based boot ordering.")):
        assert _conclude(reply, [P(1, text)], question).answer == reply, question
    # The first release: 1.0 or 0.9.0 is the first; "since" says so; a question with a number asks another
    # release; a section number is no version; a copyright line dates nothing.
    question = "In what year was the first version of Foo released?"
    assert release_unsaid(question, "In 1996 [1].", [P(1, "Version 1.0 was released in 1996. 2.0 followed in 2001.")]) == ""
    assert release_unsaid(question, "Since 1989 [1].", [P(1, "Foo has been available since 1989, and the current "
                                                               "version is 4.3.")]) == ""
    assert release_unsaid("When was the first version of Python 3 released?", "On December 3, 2008 [1].",
                          [P(1, "Python 3.0 was released on December 3, 2008.")]) == ""
    assert release_unsaid(question, "In 1989 [1].", [P(1, "1.1 History. Foo was released to the public in 1989.")]) == ""
    title = [P(1, "Foo version 4.3 Reference manual J. Smith January 4, 2023. Copyright (C) 2023 J. Smith.")]
    assert release_unsaid(question, "January 4, 2023 [1]", title) == "no passage dates the first release"
    # An English condition said back still needs its value given as the default; "without a single pd-length
    # line" asks for one; ca-path is ca-file's neighbour.
    foo = [P(1, "If no configuration file is given on the command line, foo reads ~/.foorc."),
           P(2, "The package installs a template /etc/foo/foo.conf, which foo never reads on its own.")]
    assert _conclude("If no configuration file is specified, foo reads /etc/foo/foo.conf [2].", foo,
                     "If no configuration file is specified, which file does foo read?").refused
    example = [P(1, "pd-class example { pd-pool 2001:db8::/32; } … a delegated prefix length of 96 bits in this example.")]
    assert _conclude("The server delegates a prefix length of 96 bits [1].", example,
                     "If a pd-class is declared without a single pd-length line, which prefix length does the server "
                     "delegate?").refused
    assert sibling("What is the default value of ca-file?", "The ca-path option defaults to /etc/ssl/certs [1].") == "ca-path"


def test_round_33_s_right_answers_are_kept_and_a_talk_s_year_is_no_release():
    """GPR tools and Patroni (round 33): a port an entry names before its default, a setting's name
    the answer puts before its default, and a first-release question answered with a talk's year."""
    from kb.answer.citations import port_unsaid, release_unsaid

    slave = [P(1, "--port=<num> Set the port the slave will listen to. The default value is 8484. The port must be free.")]
    assert not port_unsaid("Unless told otherwise, on which port does the remote build worker wait for requests?",
                           "It waits on port 8484 [1].", slave)
    assert port_unsaid("Unless told otherwise, on which port does the remote build worker wait for requests?",
                       "It waits on port 8484 [1].", [P(1, "Set the port the slave will listen to. It keeps 8484 jobs.")])
    timeout = [P(1, "pg_ctl_timeout: How long should pg_ctl wait when doing start, stop or restart. Default value is 60 "
                    "seconds.")]
    reply = "The default value for `pg_ctl_timeout` in the YAML configuration settings is 60 seconds [1]."
    assert _conclude(reply, timeout, "How long does the Postgres control program get to finish a start, stop or restart "
                                     "before Patroni gives up, by default?").answer == reply
    talks = [P(1, "Patroni originated as a fork of Governor, the project from Compose. For background, see: PostgreSQL HA "
                  "with Kubernetes and Patroni, talk by Josh Berkus at KubeCon 2016 (video) Feb. 2016 Zalando Tech blog post")]
    assert release_unsaid("In what year was the Governor project, from which Patroni was forked, first released?",
                          "2016 [1]", talks) == "no passage dates the first release"


def test_the_asked_name_inflected_is_no_neighbour():
    """"auto-loads" in the answer is the question's "auto-load" (Yodl, round 34), not a neighbour."""
    from kb.answer.citations import sibling

    assert sibling("Which macro file does yodl2html auto-load for its conversion?",
                   "The macro file that yodl2html auto-loads for its conversion is html.yo [1].") == ""
    assert sibling("Which macro file does yodl2html auto-load?", "It auto-saves html.yo [1].") == "auto-saves"


def test_a_bracketed_value_in_a_list_whose_opening_sentence_of_defaults_stands_far_above_is_a_default():
    """Yodl's yodlverbinsert: "The default values of options are listed below, with each of the options
    between square brackets. The defaults were chosen so that …" opens a list whose third item is
    "-S spaces [8]", 560 characters further on: 8 is -S's default."""
    items = ("• -N Do not write a newline immediately following verb-statement's open-parenthesis. By default it is "
             "written, causing an additional line to be inserted before the first line that's actually inserted from "
             "a file. • -s spaces [0] start each line that is written into the verb-section with spaces additional "
             "blanks. • -S spaces [8] prefix the verb of the verb-section by spaces additional blanks. • -t tabs [0] "
             "start each line with tabs additional tab characters.")
    listed = [P(1, "Yodlverbinsert offers the possibility to indent both the initial verb-statement and the inserted file "
                   "contents. The default values of options are listed below, with each of the options between square "
                   "brackets. The defaults were chosen so that yodlverbinsert performs the behavior of an earlier version "
                   "of this program, which was not distributed with Yodl. " + items)]
    question = "How many extra blanks does yodlverbinsert put before the verb of the verb-section when -S is not given?"
    assert not ground("8 [1].", listed, question).dropped
    # a list that no sentence of defaults opens gives no default
    described = [P(1, "Yodlverbinsert offers the possibility to indent both the initial verb-statement and the inserted "
                      "file contents. Its options are listed below, with each option's value between square brackets. "
                      "They were chosen so that yodlverbinsert performs the behavior of an earlier version of this "
                      "program. " + items.replace("By default it is", "Otherwise it is"))]
    assert ground("8 [1].", described, question).dropped
    # nor does a second list, which its own opening ends the first: a PDF's chunk has no blank line between them
    server = [P(1, "Configuration. The default values of the server options are listed below:\n• port 8080 the TCP port "
                   "the server listens on\n• workers 4 worker processes\n• timeout 30 seconds\nThese values suit a "
                   "development machine with a handful of users. On a production server with many clients, we "
                   "recommend:\n• workers 16\n• timeout 120")]
    assert not ground("By default the server starts 4 worker processes [1].", server,
                      "How many worker processes does the server start by default?").dropped
    assert ground("By default the server starts 16 worker processes [1].", server,
                  "How many worker processes does the server start by default?").dropped


def test_a_pdf_s_space_before_a_dot_is_no_other_name():
    """Menhir (round 41): the PDF gives "opam install coq-menhirlib .3" (a footnote's mark after the
    command) and the model copies it as "coq-menhirlib.3"; that is the passage's text, not a name of
    its own. A space after the dot is a sentence's end, and another name is still another."""
    passage = [P(1, "The parsers produced by Menhir’s Coq back-end must be linked with a Coq library. This library "
                    "can be installed via the command opam install coq-menhirlib .3 The Coq sources of this library …")]
    assert not ground("You can use the command `opam install coq-menhirlib.3`.", passage,
                      "Coq 后端生成的解析器必须链接一个 Coq 库，这个库可以用什么命令安装？").dropped
    assert ground("Run `opam install coq-menhirlib.4`.", passage).dropped
    assert ground("Use read.csv [1].", [P(1, "Call read. Csv files are tables.")]).dropped


def test_a_version_in_a_relative_clause_before_its_number_is_one():
    """vdirsyncer (round 45): "We only support the latest version of vdirsyncer, which is at the time of
    this writing 0.19.0" gives 0.19.0 as a version of vdirsyncer; "the tests, which is 2.3" does not."""
    from kb.answer.citations import said_as_version

    names = {"vdirsyncer"}
    text = "we only support the latest version of vdirsyncer, which is at the time of this writing 0.19.0. please update."
    assert said_as_version("0.19.0", text, names, "vdirsyncer")
    assert said_as_version("2.3", "we support the current release, which is now 2.3.", names)
    assert not said_as_version("2.3", "see the list of tests, which is in section 2.3.", names)
    assert not said_as_version("2.3", "the latest version of vdirsyncer, which is fast. section 2.3 lists it.", names)
    assert said_as_version("2.3", "the current release, which is currently at 2.3.", names)
    assert not said_as_version("3.8", "we only support the latest release of foo, which is known to work with python 3.8 "
                                      "and newer.", {"foo"}, "foo")  # (another product's)


def test_the_next_of_a_run_of_versions_is_a_version():
    """ELinks: "To use this, first install LZMA Utils. Version 4.32.5 works; 4.42.2alpha also works":
    4.42.2 is a version of LZMA Utils too; a section's number a sentence later is none."""
    from kb.answer.citations import said_as_version

    text = ("to use this, first install lzma utils. version 4.32.5 works; 4.42.2alpha also works and understands a "
            "newer lzma file format.")
    names = {"elinks", "lzma", "utils"}
    assert said_as_version("4.42.2", text, names, "lzma utils")
    assert not said_as_version("4.42.2", "first install lzma utils. version 4.32.5 works. 4.42.2 lists the others.",
                               names, "lzma utils")
    # a section, a bundled library, another product the question names: no run of versions
    assert not said_as_version("4.5.1", "the --strict option was added in version 3.2; see section 4.5.1 for how it "
                                        "checks input.", {"foo"})
    assert not said_as_version("1.2.11", "release notes. foo version 2.3 bundles zlib 1.2.11 and adds zstd support.",
                               {"foo"}, "foo")
    assert not said_as_version("0.50", "gnu aspell 0.60 requires perl 5.8 to build; perl 5.6 or aspell 0.50 works.",
                               {"perl", "aspell"}, "perl")
    lzma = [P(1, "To use this, first install LZMA Utils. Version 4.32.5 works; 4.42.2alpha also works and understands "
                 "a newer LZMA file format. This version of ELinks does not support LZMA SDK from 7-Zip.")]
    assert not ground("Version 4.32.5 works; 4.42.2alpha also works [1].", lzma,
                      "ELinks 的 LZMA 解压支持可以使用哪个版本的 LZMA Utils？").dropped


def test_a_question_word_given_back_in_capitals_or_a_sequence_of_symbols_is_a_value():
    """Yodl: "What does UPPERCASE(hello world)(5) expand to?" "HELLO world": the question's words in
    capitals are the answer; "the three-character sequence for line comments is \\//" gives one."""
    from kb.answer.citations import restates

    assert not restates("What does UPPERCASE(hello world)(5) expand to?", "HELLO world [1].")
    assert restates("What does UPPERCASE(hello world)(5) expand to?", "It expands UPPERCASE(hello world)(5) [1].")
    # an acronym the question writes in lower case in its prose is no value in capitals
    assert restates("Which port does the daemon listen on for tcp connections?",
                    "The daemon listens on a port for TCP connections [1].")
    assert not restates("Which three-character sequence starts a line comment in Yodl?",
                        "The three-character sequence that starts a line comment in Yodl is \\// [1].")
    assert restates("Which three-character sequence starts a line comment in Yodl?",
                    "Yodl starts a line comment with a three-character sequence [1].")
    # markdown's marks and an arrow between words are no values
    assert restates("How do I change the proxy settings?", "## Changing the proxy settings\nYou change the proxy settings [1].")
    assert restates("How do I change the proxy settings?", "Changing the proxy settings -> change the proxy settings [1].")


def test_a_version_of_three_parts_in_a_chinese_question_anchors_the_answer_beside_it():
    """ELinks: "从 0.9.0 版起，ELinks 发送的 User-Agent 头是什么格式？": the format follows "(from 0.9.0 on)
    send:", more than a passage's anchor reach from its "User-Agent"."""
    from kb.answer.citations import anchor_terms

    question = "从 0.9.0 版起，ELinks 发送的 User-Agent 头是什么格式？"
    assert "0.9.0" in anchor_terms(question)
    manual = [P(1, "ELinks identifies itself to web servers in a User-Agent header. Servers and scripts that look "
                   "at it have seen two shapes over the years, and both are still in use today, so checks should "
                   "accept both of them. The older ELinks versions (up to 0.4.3) send: ELinks ($version; $osinfo) "
                   "The new ELinks versions (from 0.9.0 on) send: ELinks/$version (textmode; $osinfo; $textmode_dimensions)")]
    reply = "从 0.9.0 版起，ELinks 发送的 User-Agent 头是 `ELinks/$version (textmode; $osinfo; $textmode_dimensions)` [1]。"
    assert not ground(reply, manual, question, anchors=anchor_terms(question)).dropped
    # an English question's version anchors nothing, and a version is no part of a longer one
    assert "2.4.1" not in anchor_terms("How many threads does each child process start in 2.4.1?")
    assert "2.4.1" in anchor_terms("2.4.1 版中每个子进程启动多少个线程？")
    changes = [P(1, "Changes with 2.4.10\n *) mod_proxy: balancer members are now capped at 25 per balancer. "
                    "*) mod_ssl: the session cache is now shared between the workers of a host and kept in memory "
                    "across graceful restarts, with a new directive to set its size and timeout. *) event: the number "
                    "of threads each child process starts is now set by ThreadsPerChild only.")]
    question = "2.4.1 版中每个子进程启动多少个线程？"
    assert ground("每个子进程启动 25 个线程 [1]。", changes, question, anchors=anchor_terms(question)).dropped


def test_a_quoted_value_the_question_does_not_hold_is_no_restatement():
    """ne's syntax table: "which syntax definition is used for files ending in .sage?" "… is 'python'."
    gives a value; "… is 'sage'" (the round-35 reply; the table says python) gives the question's
    ".sage" back, and so does quoting what the question itself writes."""
    from kb.answer.citations import restates

    question = "In the Syntax command's built-in table, which syntax definition is used for files ending in .sage?"
    assert not restates(question, "The syntax definition used for files ending in .sage is 'python' [1].")
    assert restates(question, "The syntax definition used for files ending in .sage is 'sage' [1].")
    assert restates("Which syntax definition does the 'sage' entry use?", "The 'sage' entry uses a syntax definition [1].")
    assert restates("What is the default namespace Patroni stores the cluster under?",
                    "The default namespace Patroni stores the cluster under is `<namespace>` [1].")  # a placeholder
    assert restates("What is the default namespace Patroni stores the cluster under?",
                    "The default namespace Patroni stores the cluster under is `${namespace}` [1].")
    # ... and so do a question's word in another inflection and a generic word in quotes
    assert restates("Which values can the priority field take?", "The 'priorities' field can take several values [1].")
    assert restates("Which log level does the server use when none is set?",
                    "When none is set, the server uses the 'default' log level [1].")


def test_what_replaces_the_default_is_no_question_about_a_default():
    """ne: "Which command-line option makes ne load the automatic preferences of a given extension
    instead of the default ones …?" asks for an option, not for a default: --prefs is the answer."""
    manual = [P(1, "The --no-config/--noconfig option skips the reading of the key bindings and menu configuration "
                   "files (see Chapter 5 [Configuration], page 61). This is essential if you are experimenting with a "
                   "new configuration and you make mistakes in it. The --prefs extension option makes ne load a "
                   "specified set of automatic preferences, that is, those associated with the provided extension, "
                   "instead of the default ones, before loading the first file.")]
    question = ("Which command-line option makes ne load the automatic preferences of a given extension instead of "
                "the default ones before the first file?")
    reply = ("The --prefs extension option makes ne load a specified set of automatic preferences, that is, those "
             "associated with the provided extension, instead of the default ones, before loading the first file [1].")
    assert not ground(reply, manual, question).dropped
    # a question for a value in place of a default value still asks what holds by default
    ports = [P(1, "The server listens on port 80. A non-root user must choose a port above 1024, for example --port 8443.")]
    assert ground("As a non-root user the server listens on port 8443 [1].", ports,
                  "When run as a non-root user, which port does the server listen on instead of the default 80?").dropped
    levels = [P(1, "Backups are compressed with zstd. The example job file sets level 19 for archival storage.")]
    assert ground("The backup job uses compression level 19 [1].", levels,
                  "Which compression level does the backup job use rather than the default one?").dropped
    # a question about the default itself still needs a passage that gives it as one
    loads = [P(1, "--keys filename Load the key bindings from filename. The key bindings are described in the "
                  "chapter on configuration, with examples for each of the editor's commands.")]
    assert ground("By default ne loads the --keys file [1].", loads, "Which file does ne load by default?").dropped


def test_a_command_that_fills_a_synopsis_placeholders_with_values_is_given():
    """gpsim: "break c cycle_number … The 'c' option to the break command allows a break point to be set
    at a particular value of the cycle counter": "break c 100" is that synopsis with a value; "break e
    100" and "break c --all" are commands no passage gives."""
    manual = [P(1, "Cycle counter Breakpoints break c cycle_number The cycle counter is gpsim's time keeper. The 'c' "
                   "option to the break command allows a break point to be set at a particular value of the cycle counter.")]
    reply = "Use the `c` option of the `break` command [1]:\n\n```\nbreak c {}\n```\n"
    assert not ground(reply.format("100"), manual).dropped
    assert ground(reply.format("--all"), manual).dropped
    assert ground(reply.replace("break c", "break e").format("100"), manual).dropped
    # a name of parts is no placeholder, nor an optional option in brackets
    django = [P(1, "python manage.py show_urls lists every URL pattern of the project with its view.")]
    assert ground("Run this command [1]:\n\n```\npython manage.py flush\n```\n", django).dropped
    push = [P(1, "kb push [--force] remote_name uploads the index to the remote.")]
    assert ground("Run this command [1]:\n\n```\nkb push origin main\n```\n", push).dropped


def test_an_upper_case_setting_name_in_backticks_is_a_fact_a_placeholder_is_not():
    """Pelican: "Which setting turns on Pelican's built-in full-text search index?" answered
    "`FULLTEXT_SEARCH`", a setting no passage names: a name alone in backticks, or one a value is
    set to, is a fact to check; FILE in `--output FILE` stays a placeholder."""
    assert facts("The setting is `FULLTEXT_SEARCH` [1].") == {"fulltext_search"}
    assert facts("Set `SUMMARY_MAX_LENGTH = 50` [1].") == {"summary_max_length", "50"}
    assert facts("Use `--output FILE` [1].") == {"--output"}
    # a signal, a stream or a model's own placeholder alone in backticks is no setting's name
    assert facts("Send the master process `SIGHUP` [1].") == set()
    assert facts("Run `kb login --token YOUR_TOKEN`, where `YOUR_TOKEN` is the API token [1].") == {"kb", "login", "--token"}
    settings = [P(1, "SEARCH_INDEX = False Whether to write a search index of the site. SITEURL = '' Base URL of your site.")]
    question = "Which setting turns on Pelican's built-in full-text search index for the generated site?"
    assert ground("The setting is `FULLTEXT_SEARCH` [1].", settings, question).dropped
    assert not ground("The setting is `SEARCH_INDEX` [1].", settings, question).dropped
    # the setting an answer names before its default's amount is no default itself
    stacks = [P(1, "Stack Default Environment Description name size (Kb) variable local 16384 LOCALSZ control stack "
                   "(environments and choice-points) global 32768 GLOBALSZ heap (compound terms) trail 16384 TRAILSZ "
                   "conditional bindings (bindings to undo at backtracking) cstr 16384 CSTRSZ finite domain constraint "
                   "stack (FD variables and constraints) atoms 32768 MAX ATOM atom table")]
    assert not ground("The environment variable is `CSTRSZ`, and its default size in Kb is 16384 [1].", stacks,
                      "Which environment variable sets the size of the cstr stack, and what is its default size?").dropped
    # ... but a value in capitals after "default" is one
    modes = [P(1, "Valid values are NONE, FAST, BEST. The default is FAST. The block size defaults to 4096 bytes.")]
    assert ground("By default compression is BEST and the block size is 4096 bytes [1].", modes,
                  "What are the default compression and block size?").dropped


def test_a_page_footer_names_no_author_and_quoted_words_keep_no_sentence_punctuation():
    """Pelican: "Who designed Pelican's built-in notmyidea theme?" answered "Justin Mayer" from every
    page's footer, "© Copyright 2023 – present, Justin Mayer, Alexis Metaireau, and contributors.
    Created using Sphinx 5.3.0.": a copyright holder is no designer. And "calepin," which means
    "notebook." quotes "notebook", as the page writes it."""
    from kb.answer.citations import role_unsaid

    footer = [P(1, "In this example, the theme notmyidea-cms is replaced by the theme notmyidea-cms-fr © Copyright "
                   "2023 – present, Justin Mayer, Alexis Metaireau, and contributors. Created using Sphinx 5.3.0.")]
    assert role_unsaid("Who designed Pelican's built-in notmyidea theme?", footer) == "author"
    assert role_unsaid("Who designed Pelican's built-in notmyidea theme?",
                       [P(1, "The notmyidea theme was designed by Jane Doe. " + footer[0].text)]) == ""
    # a copyright line that says who made something still says it
    assert role_unsaid("Who wrote the Windows port of Aspell?",
                       [P(1, "Portions copyright 2003 John Smith, who wrote the Windows port.")]) == ""
    assert {"calepin", "notebook"} <= facts('It comes from the French word "calepin," which means "notebook." [1]')
    assert "notebook." not in facts('It comes from the French word "calepin," which means "notebook." [1]')
    assert ":q!" in facts('Type ":q!" to quit and discard the changes [1].')  # (a value's own punctuation stays)
    anagram = [P(1, "“Pelican” is an anagram for calepin, which means “notebook” in French.")]
    assert not ground('The name comes from the French word "calepin," which means "notebook." [1]', anagram).dropped


def test_to_a_question_for_a_default_port_the_one_port_a_passage_gives_is_it():
    """OCRmyPDF: "OCRmyPDF Docker 镜像自带的示例 Web 服务默认监听哪个端口？" where the page says "docker run … -p
    5000:5000 … This will configure the machine to listen on port 5000": the one port it gives is the
    default; a passage that gives two ports does not say which is."""
    docker = [P(1, "The OCRmyPDF Docker image includes an example, barebones HTTP web service. The webservice may be "
                   "launched as follows: docker run --entrypoint python3 -p 5000:5000 jbarlow83/ocrmypdf webservice.py "
                   "This will configure the machine to listen on port 5000.")]
    question = "OCRmyPDF Docker 镜像自带的示例 Web 服务默认监听哪个端口？"
    assert not ground("默认监听端口是 5000 [1]。", docker, question).dropped
    two = [P(1, docker[0].text + " The metrics exporter listens on port 9100.")]
    assert ground("默认监听端口是 5000 [1]。", two, question).dropped


def test_a_ratio_asked_about_a_default_back_end_is_no_default_value():
    """"Roughly how much faster are the parsers from Menhir's default code back-end …?" (menhir,
    round 41): "between 2 and 5 times faster" answers a comparison; the question's "default" names
    the back-end, so the numbers need no passage saying they are a default."""
    bench = [P(1, "A benchmark suggests that the parsers produced by ocamlyacc and menhir --table have comparable speed, "
                  "whereas those produced by menhir are between 2 and 5 times faster.")]
    question = "Roughly how much faster are the parsers from Menhir's default code back-end than those from ocamlyacc?"
    answer = _conclude("The parsers from Menhir's default code back-end are between 2 and 5 times faster [1].", bench, question)
    assert not answer.refused and answer.citations[0].n == 1
    for asked in ("How fast are the parsers from Menhir's default code back-end compared with those from ocamlyacc?",
                  "What is the performance advantage of Menhir's default code back-end over ocamlyacc?",
                  "Menhir 默认代码后端生成的解析器速度是 ocamlyacc 的多少倍？"):
        assert not _conclude("The parsers from Menhir's default code back-end are between 2 and 5 times faster [1].",
                             bench, asked).refused
    # A default the answer states beside the ratio is still checked (its review).
    blocks = [P(1, "The indexer uses 3 times more memory than the crawler. The cache size can be raised to 64 MB.")]
    assert _conclude("The indexer uses 3 times more memory, and the default cache size is 64 MB [1].", blocks,
                     "How much more memory does the indexer use than the crawler, and what is the default cache size?").refused
    # To a question asking for a default, a comparison is the default it gives (its review).
    pool = [P(1, "For IO-bound jobs the pool can be 2 to 4 times larger than the CPU count.")]
    assert _conclude("The default pool size is 2 to 4 times larger than the CPU count [1].", pool,
                     "What is the default pool size?").refused
    assert _conclude("By default the pool is 2 to 4 times larger than the CPU count [1].", pool,
                     "How large is the pool by default?").refused
    # A factor or a count is a value, not a comparison (its review).
    zoom = [P(1, "Press Ctrl-+ to set the zoom factor to 2x. The client can be configured to retry 3 times.")]
    assert _conclude("The default zoom factor is 2x [1].", zoom, "What is the default zoom factor?").refused
    assert _conclude("By default, the client retries 3 times [1].", zoom, "How many times does the client retry by default?").refused
    retry = [P(1, "Retries can be set to 3 for flaky links. Each retry waits 3 times longer than the one before.")]
    assert _conclude("The default retry count is 3, and each retry waits 3 times longer [1].", retry,
                     "What is the default retry count?").refused


def test_a_value_named_after_a_question_word_is_no_restatement():
    """"What is the default value of Menhir's --coq-lib-path switch?" "… is MenhirLib." (menhir,
    round 41): MenhirLib shares its first letters with the question's Menhir, but it is another
    word, the value; "sorting" to a question's "sorts" is the same word."""
    from kb.answer.citations import restates

    question = "What is the default value of Menhir's --coq-lib-path switch?"
    coq = [P(1, "This path is used to qualify these references. Its default value is MenhirLib .")]
    assert not restates(question, "The default value of Menhir's --coq-lib-path switch is MenhirLib [1].", coq)
    assert restates(question, "The default value of Menhir's --coq-lib-path switch is MenhirCoq [1].", coq)  # made up
    assert restates(question, "The default value of Menhir's --coq-lib-path switch is the switch value [1].")
    assert restates("Which order sorts the entries?", "The entries are in sorting order [1].")
    # (a plain word the answer ends on, which shares a root with a question word, is no name: its review)
    assert restates("How is the cache size configured?", "The cache size is configurable [1].")
    assert restates("What is the default value of the compression option?",
                    "The default value of the compression option is optional [1].")


def test_a_long_option_sphinx_typeset_with_an_en_dash_is_the_option():
    """fastd's manual (Sphinx) writes "–log-level error|warn|info…": the question's "--log-level" is
    there (round 41; the question was refused before the model). A range ("1–5") and a dash between
    words ("A – B") stay as they are."""
    cmdline = [P(1, "–log-level error|warn|info|verbose|debug|debug2 Sets the stderr log level; default is info.")]
    assert unsupported_terms("What is the default stderr log level set by fastd's --log-level option?", cmdline) == []
    assert unsupported_terms("What does the --syslog-level option set?", cmdline) == ["--syslog-level"]
    assert unsupported_terms("What does the --log option do?", cmdline) == ["--log"]
    assert unsupported_terms("What does the -log-level option do?", cmdline) == ["-log-level"]


def test_a_hex_value_that_labels_a_table_row_is_in_the_passage():
    """"0x000b: Value description MTU" (fastd's protocol page, round 41): the colon ends the label;
    it is no part of the number, as it would be in "0x000b:0x1"."""
    tlv = [P(1, "0x000a: Value description Protocol name 0x000b: Value description MTU; Format 2-byte unsigned integer")]
    question = "Which TLV record ID carries the MTU in a fastd handshake packet?"
    assert not _conclude("0x000b [1]", tlv, question).refused
    assert _conclude("0x000b [1]", [P(1, "Record 0x000b:0x1 is reserved.")], question).refused
    # (an address a passage wraps after a colon is still whole there, not the part before it)
    assert _conclude("The gateway is 2001:db8:85a3:0 [1].", [P(1, "The gateway is 2001:db8:85a3:0:\n0:8a2e:370:7334.")],
                     "What is the gateway address?").refused


def test_the_value_an_asked_option_letter_takes_names_the_setting():
    """"Which -m option adds a CIGAR string …?" "The -m 8CC option adds …" (FASTA, round 42): the
    question gives "-m"; its value, "8CC", is the answer. An answer that only says "the -m option"
    still names none."""
    from kb.answer.citations import names_no_setting

    question = "Which -m option adds an alignment CIGAR string and an annotation string to the BLAST tabular output?"
    options = [P(1, "-m 8CC adds an alignment CIGAR string and an annotation string to the BLAST tabular output. "
                    "-m 9i adds three columns.")]
    assert not names_no_setting(question, "The -m 8CC option adds an alignment CIGAR string to the BLAST tabular output [1].",
                                options)
    assert not names_no_setting(question, "-m 9i adds three columns to the summary line [1].", options)
    assert names_no_setting(question, "The -m option adds an alignment CIGAR string to the BLAST tabular output [1].", options)
    # (a value no passage gives that option, though its digit is there: its review)
    assert names_no_setting(question, "The -m 8XX option adds an alignment CIGAR string [1].", options)
    assert names_no_setting(question, "The -m 8 option adds an alignment CIGAR string [1].", options)


def test_a_translated_question_asks_only_the_names_its_writer_wrote():
    """fastd (round 41): a Chinese question's 半长哈希 became "half-length hash" in kb's English
    translation; the answer's "half-width" (the manual's word) is no neighbour of a word the user
    never wrote. A name the user wrote in the Chinese question still has its neighbours refused."""
    from kb.answer.citations import sibling
    from kb.answer.generation import Answerer
    from kb.answer.records import Answer
    from kb.settings import LLMSettings

    translated = "Which hash function does fastd use to compute d and e, instead of the half-length hash of the standard?"
    reply = "fastd uses SHA256 instead of the half-width hash of the standard [1]."
    assert sibling(translated, reply) == "half-width"  # the translation's own word, read as asked
    assert sibling(translated, reply, "fastd 计算 d 和 e 时使用哪一个哈希函数，而不是规范中的半长哈希？") == ""
    assert sibling("What is bgpd's default read-quanta?", "The default of write-quanta is 64 [1].",
                   "bgpd 的 read-quanta 默认值是多少？") == "write-quanta"
    assert sibling("What is drbd's default ko-count?", "The usage-count is 5 [1].", "drbd 的 ko-counts 默认值？") == "usage-count"
    # (a word that only starts or ends like the name is not it)
    assert sibling("What is the default of ko-count?", "The usage-count is 5 [1].", "drbd 的 taiko-countdown 默认值？") == ""

    answerer = Answerer(LLMSettings(), search=lambda q, k: [], is_relevant=lambda hits, q: True,
                        model=lambda: None, model_name="m")
    fhmqv = [Cp(1, "fastd computes d and e with a single SHA256 hash instead of the half-width hash of the standard.")]
    written = "fastd 计算 d 和 e 时使用哪一个哈希函数，而不是规范中的半长哈希？"
    answer = Answer(question=written, language="zh", standalone_question=translated, translated_from=written)
    answerer.conclude(answer, reply, fhmqv)
    assert not answer.refused and "SHA256" in answer.answer
    # The user's name as they wrote it (underscore, full width, glued to 的) is still the asked one.
    quanta = [Cp(1, "read-quanta: how many packets are read at once. write-quanta: the default is 64.")]
    for user in ("bgpd 的 read-quanta 默认值是多少？", "bgpd 的 read_quanta 默认值是多少？", "bgpd 的ｒｅａｄ－ｑｕａｎｔａ默认值是多少？",
                 "bgpd 的 read——quanta 默认值是多少？", "bgpd 的 read quanta 默认值是多少？", "bgpd 的 read-quantas 默认值？"):
        answer = Answer(question=user, language="zh", standalone_question="What is bgpd's default read-quanta?",
                        translated_from=user)
        answerer.conclude(answer, "The default of write-quanta is 64 [1].", quanta)
        assert answer.refused and "about write-quanta" in answer.dropped[-1], user
    # A follow-up ("那它的默认值呢？") was condensed before it was translated: the condensed question is
    # what the user asked, and an English question no translation made reads all its names.
    for question, condensed in (("那它的默认值呢？", "bgpd 的 read-quanta 的默认值是多少？"), ("最大值呢？", "")):
        answer = Answer(question=question, language="zh", standalone_question="What is bgpd's default read-quanta?",
                        translated_from=condensed)
        answerer.conclude(answer, "The default of write-quanta is 64 [1].", quanta)
        assert answer.refused and "about write-quanta" in answer.dropped[-1], question


def test_a_name_given_to_which_option_must_be_described_as_doing_what_was_asked():
    """Round 47's near misses answered with a real name of another purpose: libconfig has no option for
    scientific notation, and the one its passage names next controls semicolons; Prover9's USR1 sends
    search statistics, not a checkpoint. A description that says what was asked keeps the answer."""
    from kb.answer.citations import described_unsaid

    options = [P(1, "CONFIG_OPTION_AUTOCONVERT Turning this option on enables number auto-conversion for the library. "
                    "When enabled, an attempt to assign a floating point setting's value to an integer (or vice versa) "
                    "will cause the library to silently perform the necessary conversion (possibly leading to loss of "
                    "data), rather than reporting failure. By default this option is turned off. "
                    "CONFIG_OPTION_SEMICOLON_SEPARATORS This option controls whether a semicolon (';') is output after "
                    "each setting when the configuration is written to a file or stream. By default this option is turned on.")]
    notation = "Which option makes libconfig write floating point values in scientific notation?"
    reply = "The option that makes libconfig write floating point values in scientific notation is CONFIG_OPTION_SEMICOLON_SEPARATORS."
    assert described_unsaid(notation, reply, options) == "CONFIG_OPTION_SEMICOLON_SEPARATORS"
    answer = _conclude(reply, options, notation)
    assert answer.refused and "does what was asked" in answer.dropped[-1]
    semicolon = "Which option controls whether a semicolon is written after each setting when a configuration is output?"
    assert described_unsaid(semicolon, "CONFIG_OPTION_SEMICOLON_SEPARATORS [1].", options) == ""
    assert not _conclude("CONFIG_OPTION_SEMICOLON_SEPARATORS [1].", options, semicolon).refused
    converts = "Which C API option makes the library silently convert between integer and floating point values instead of reporting failure?"
    assert described_unsaid(converts, "CONFIG_OPTION_AUTOCONVERT [1].", options) == ""

    running = [P(1, "If a Prover9 process is running in the background, one can tell it to send search statistics "
                    "(without killing the job) to the output file sending a \"USR1\" signal to the process. For "
                    "example, % prover9 -f p3a.in > p3a.outb & [1] 31613 % kill -USR1 31613 A report (17.75 seconds) "
                    "has been sent to the output."),
               P(2, "Prover9 reads its input from the standard input; the output goes to the standard output.")]
    checkpoint = "Which signal makes a running Prover9 job write a checkpoint so that the search can be resumed later?"
    assert described_unsaid(checkpoint, "It is USR1 [1].", running) == "USR1"
    statistics = "Which signal makes a Prover9 job running in the background send its search statistics?"
    assert described_unsaid(statistics, "It is USR1 [1].", running) == ""
    # (a synopsis that names the option among others is not its description; the description is)
    look = [P(1, "usage: csvlook [-h] [--zero] [-V] [--max-rows MAX_ROWS] [--max-columns MAX_COLUMNS] [FILE] Render a CSV "
                 "file in the console as a Markdown-compatible, fixed-width table. optional arguments: --max-rows MAX_ROWS "
                 "The maximum number of rows to display before truncating the data.")]
    rows = "What is the option to limit the number of rows displayed at the beginning when using csvlook?"
    assert described_unsaid(rows, "It is `--max-rows` [1].", look) == ""
    # (the review's cases: words every passage of one manual shares are the description's too, unless they are the
    # product's capitalised name; a name's parts are words; a label that names it makes the passage its description)
    rsync = [Labelled(1, "--delete This tells rsync to delete extraneous files from the receiving side (ones that aren't on the "
                  "sending side), but only for the directories that are being synchronized.", "rsync.1 · OPTIONS"),
             Labelled(2, "--existing, --ignore-non-existing This tells rsync to skip creating files that do not exist yet on the "
                  "destination; no files will be updated on the receiving side, whatever the sending side holds.", "rsync.1 · OPTIONS"),
             Labelled(3, "--remove-source-files This tells rsync to remove from the sending side the files that are a part of "
                  "the transfer and have been successfully duplicated on the receiving side.", "rsync.1 · OPTIONS")]
    deletes = "Which rsync option deletes stale files on the receiving side which the sending side lacks?"
    assert described_unsaid(deletes, "`--delete` [1].", rsync) == ""
    sshd = [Labelled(1, "Sets the number of client alive messages which may be sent without sshd(8) receiving any messages "
                        "back from the client. If this threshold is reached while client alive messages are being sent, sshd "
                        "will disconnect the client, terminating the session. " + "This mechanism is valuable. " * 20
                        + "Setting a zero ClientAliveCountMax disables connection terminations.", "OPTIONS · ClientAliveCountMax")]
    alive = "Which sshd_config option sets how many client alive messages may be sent without a response before sshd disconnects the client?"
    assert described_unsaid(alive, "`ClientAliveCountMax` [1].", sshd) == ""
    df = [Labelled(1, "-B, --block-size=SIZE scale sizes by SIZE before printing them -h, --human-readable print sizes in "
                      "powers of 1024 (e.g., 1023M) -H, --si print sizes in powers of 1000 (e.g., 1.1G)", "OPTIONS")]
    assert described_unsaid("Which command-line option makes df show human readable sizes?",
                            "The option is `--human-readable` [1].", df) == ""
    # (an option of letters the answer quotes, as Qhull's are: 'TRn' reruns Qhull, it sets no time limit)
    trace = [Labelled(1, "TRn - rerun qhull n times for QJn statistics. Option 'TRn' reruns Qhull n times. It is used to "
                         "collect statistics on joggled input. The default is no reruns.", "qh-optt.htm · Trace options"),
             Labelled(2, "TAn - stop qhull after adding n vertices.", "qh-optt.htm · Trace options")]
    seconds = "Which Qhull option stops the computation after a time limit given in seconds?"
    assert described_unsaid(seconds, "The option is 'TRn' [1].", trace) == "TRn"
    assert described_unsaid("Which trace option reruns Qhull n times to collect statistics on joggled input?",
                            "The option is 'TRn' [1].", trace) == ""
    # (the document the question names, and what it says of it, are where it is said, not what the name does: vmm,
    # round 52)
    dovecot = [Labelled(1, "dovecot.conf is still the most important configuration file. Use the command doveconf -n | "
                           "head -n 1 to locate your dovecot.conf.", "Dovecot configuration"),
               Labelled(2, "vmm is a virtual mail manager.", "vmm")]
    assert described_unsaid("Which command does the vmm manual give for finding out where your dovecot.conf is?",
                            "`doveconf -n | head -n 1` [1].", dovecot) == ""
    assert described_unsaid("Which command does vmm run for finding your dovecot.conf file?",
                            "`doveconf -n | head -n 1` [1].", dovecot) == "doveconf -n | head -n 1"
    # (the review's cases: "gives" may be what the name does, and "the indentation guide" no manual)
    usage = [Labelled(1, "ls -l lists the files of a directory with their permissions and owners.", "ls"),
             Labelled(2, "vmm is a virtual mail manager.", "vmm")]
    assert described_unsaid("Which command gives the disk usage of a directory?", "`ls -l` [1].", usage) == "ls -l"
    assert described_unsaid("Which option shows the indentation guide lines in the editor?", "It is `ls -l` [1].", usage) == "ls -l"
    # (a quoted word that is no option's name is not read as one: 'no', 'default')
    assert described_unsaid(seconds, "Set it to 'no' [1].", trace) == ""
    assert described_unsaid(seconds, "The 'default' run has none [1].", trace) == ""
    # (words that say nothing of what it does, "even though", "some", "lets": secilc's --disable-neverallow, round 52)
    neverallow = [Labelled(1, "neverallow Never allow access rights defined. This is a compiler enforced action that will stop "
                              "compilation until the offending rules are modified. Note that these rules can be over-ridden "
                              "by the CIL compiler command line parameter -N or --disable-neverallow flags. Rule definition: "
                              "(neverallow source_id target_id|self classpermissionset_id ...)", "CIL · neverallow"),
                   Labelled(2, "CIL Information: the CIL compiler will not build a policy unless it has one allow rule.", "CIL")]
    violate = "Which flag lets a CIL policy compile even though some of its rules violate a neverallow statement?"
    assert described_unsaid(violate, "-N or --disable-neverallow [1].", neverallow) == ""
    assert described_unsaid("Which flag lets a CIL policy keep its dontaudit rules out of the binary output?",
                            "-N or --disable-neverallow [1].", neverallow) == "--disable-neverallow"
    # (not a question of fewer than three words of its own, nor one that asks no name, nor a name the question gives)
    assert described_unsaid("Which option sets the port?", "It is --port-number [1].", options) == ""
    assert described_unsaid("How do I write floating point values in scientific notation?",
                            "Use CONFIG_OPTION_SEMICOLON_SEPARATORS [1].", options) == ""
    assert described_unsaid("Which value of CONFIG_OPTION_SEMICOLON_SEPARATORS writes scientific notation for floating point?",
                            "CONFIG_OPTION_SEMICOLON_SEPARATORS [1].", options) == ""


def test_a_value_of_a_configuration_file_that_documents_each_setting_with_its_type_is_its_default():
    """vmm's vmm.cfg page (round 52) is the file as the package ships it: "; How many characters to include in
    the generated passwords? (Int) password_length = 8". A value an example sets, with no type, is no default."""
    shipped = [Labelled(1, "; Should vmm generate a random password when no password was given for the ; useradd "
                           "subcommand? (Boolean) random_password = false ; How many characters to include in the "
                           "generated passwords? (Int) password_length = 8 ; Permissions for the user's home directory "
                           "and mail directories (Int) ; octal 0700 -> decimal 448 directory_mode = 448",
                        "vmm.cfg.html · Configuration file for vmm")]
    question = "What is the default length of a generated random password in vmm?"
    assert not ground("The default value of password_length is 8 [1].", shipped, question).dropped
    assert not ground("The default directory_mode is 448 [1].", shipped, "What is the default directory_mode?").dropped
    example = [Labelled(1, "An example configuration: [account] password_length = 12 directory_mode = 448",
                        "Examples")]
    assert ground("The default value of password_length is 12 [1].", example, question).dropped
    # (the review's cases: not a neighbouring setting's value, nor a tuning example that keeps the type notes)
    assert ground("The default password_length is 448 [1].", shipped, "What is the default password_length in vmm?").dropped
    assert ground("The default length is 448 characters [1].", shipped, question).dropped
    tuned = [Labelled(1, "To tune vmm for stronger passwords, edit vmm.cfg and change the following: ; How many characters "
                         "to include in the generated passwords? (Int) password_length = 16", "Tuning")]
    assert ground("The default password_length is 16 [1].", tuned, "What is the default password_length in vmm?").dropped


def test_a_keyword_argument_of_a_signature_is_a_default_of_the_parameter_the_question_names():
    """python-ldap's reference (round 48): "class ldif.LDIFWriter(output_file, base64_attrs=None, cols=76,
    line_sep='\\n')" gives cols' default, and "LDAPObject.search_s(base, scope[, filterstr='(objectClass=*)'[, …"
    filterstr's; not another parameter's, nor an assignment outside a call's signature."""
    writer = [P(1, "class ldif.LDIFWriter(output_file, base64_attrs=None, cols=76, line_sep='\\n') Write LDIF entry "
                   "or change records to file object.")]
    cols = "What is the default value of the cols parameter in LDIF.LDIFWriter?"
    assert not ground("The default value of the cols parameter in LDIF.LDIFWriter is 76 [1].", writer, cols).dropped
    line = "What is the default value of the base64_attrs parameter in LDIF.LDIFWriter?"
    assert ground("The default value of the base64_attrs parameter in LDIF.LDIFWriter is 76 [1].", writer, line).dropped
    search = [P(1, "LDAPObject.search_s(base, scope[, filterstr='(objectClass=*)'[, attrlist=None[, attrsonly=0]]]) → "
                   "list | None")]
    assert not ground("The filter string used when no filterstr is given is `(objectClass=*)` [1].", search,
                      "What filter string does LDAPObject.search_s() use when no filterstr is given?").dropped
    assert ground("The filter string used when no filterstr is given is `(objectClass=*)` [1].", search,
                  "What filter string does LDAPObject.modify_s() use when no filterstr is given?").dropped
    reconnect = [P(1, "class ldap.ldapobject.ReconnectLDAPObject(uri, trace_level=0, trace_file=None, retry_max=1, "
                      "retry_delay=60.0, fileno=None) SimpleLDAPObject subclass whose synchronous request methods")]
    assert not ground("在两次重连尝试之间等待60秒 [1]。", reconnect,
                      "ReconnectLDAPObject 默认在两次重连尝试之间等待多少秒(retry_delay)?").dropped
    example = [P(1, "For wide output, write cols=120 in your own call; the example below does so.")]
    assert ground("The default of cols is 120 [1].", example, "What is the default of cols?").dropped
    for call in (">>> l.search_s('ou=x', ldap.SCOPE_SUBTREE, filterstr='(cn=foo)')",
                 "For example: res = l.search_s(base, scope, filterstr='(cn=foo)')",
                 "Usage: l.search_s(base, scope, filterstr='(cn=foo)') returns the entries."):
        assert ground("search_s uses `(cn=foo)` when no filterstr is given [1].", [P(1, call)],
                      "What filter string does search_s() use when no filterstr is given?").dropped, call
    # (nor an example's call on the line after "Example:", in a loop, or in a sentence that calls it)
    for call in ("search_s(base, scope[, filterstr]) Search.\nExample:\n\n    l.search_s(base, scope, filterstr='(uid=jdoe)')",
                 "for dn, entry in l.search_s(base, scope, filterstr='(uid=jdoe)'):",
                 "To use another filter, call search_s(base, scope, filterstr='(uid=jdoe)') yourself."):
        for question in ("What filterstr does LDAPObject.search_s() use by default?", "What is the default filterstr of search_s?"):
            assert ground("By default search_s uses the filterstr `(uid=jdoe)` [1].", [P(1, call)], question).dropped, call
    # (nor a neighbouring call whose name is a word of the question: read() is not Serial.read_until())
    serial = [P(1, "read(size=1) Read size bytes from the serial port.\nread_until(expected=LF, size=None) Read until an "
                   "expected sequence is found.")]
    assert ground("By default Serial.read_until() reads with size 1 [1].", serial,
                  "What size does Serial.read_until() read by default?").dropped
    # (and a call on another receiver than the class the question names is an example's: "conn.search_s(…)")
    assert ground("By default search_s uses the filterstr `(uid=jdoe)` [1].",
                  [P(1, "conn.search_s(base, scope, filterstr='(uid=jdoe)') returns the entries.")],
                  "What filterstr does LDAPObject.search_s() use by default?").dropped
    assert not ground("The default size of read() is 1 [1].", serial, "What is the default size of Serial.read()?").dropped
    # A long signature before a number is read at once: "SUBROUTINE DGEEVX( BALANC, JOBVL, …, INFO )".
    fortran = [P(1, "SUBROUTINE DGEEVX( " + ", ".join(f"ARG{i}" for i in range(40)) + " ) LWORK is INTEGER, 3 at least.")]
    assert ground("The default LWORK of DGEEVX is 3 [1].", fortran, "What is the default LWORK of DGEEVX?").dropped


def test_a_method_named_by_its_class_is_mentioned_where_a_reference_lists_it_under_the_class():
    """python-ldap's reference (round 48) lists "syncrepl_search(base, scope, mode='refreshOnly', …)" in the entry of
    "class ldap.syncrepl.SyncreplConsumer": the question's "SyncreplConsumer.syncrepl_search()" is mentioned; a class
    or a method the passages never name is not."""
    from kb.answer.citations import unsupported_terms

    reference = [P(1, "class ldap.syncrepl.SyncreplConsumer SyncreplConsumer - LDAP syncrepl consumer object."),
                 P(2, "syncrepl_search(base, scope, mode='refreshOnly', cookie=None, **search_args) Starts syncrepl search "
                      "operation.")]
    assert unsupported_terms("Which mode of SyncreplConsumer.syncrepl_search() keeps receiving updates?", reference) == []
    assert unsupported_terms("Which mode of SyncreplProvider.syncrepl_search() keeps receiving updates?",
                             reference) == ["syncreplprovider.syncrepl_search"]
    assert unsupported_terms("What does SyncreplConsumer.syncrepl_resume() return?",
                             reference) == ["syncreplconsumer.syncrepl_resume"]
    # (a setting's dotted name is no method: net.ipv4.ip_forward names no net.ipv6.ip_forward)
    sysctl = [P(1, "net.ipv4.ip_forward = 1 enables IPv4 forwarding; the default is 0."),
              P(2, "For IPv6 see net.ipv6.conf.all.forwarding in the ipv6 sysctl documentation.")]
    assert unsupported_terms("What is the default value of net.ipv6.ip_forward?", sysctl) == ["net.ipv6.ip_forward"]


def test_an_attribute_named_by_its_module_in_camel_case_is_mentioned_where_the_modules_list_names_it():
    """ReportLab's guide (round 55) lists "Useful rl_config variables … • trustedSchemes: a list of allowed URL schemes":
    the question's "rl_config.trustedSchemes" is mentioned. Not an attribute the passages never name, one they name
    only as another object's, a module they never name, nor a name the question writes all in lower case (no
    attribute's shape: "rl_config.trustedschemes")."""
    from kb.answer.citations import unsupported_terms

    guide = [P(1, "Useful rl_config variables • verbose: set to integer values to control diagnostic output. • trustedHosts: "
                  "if not None a list of glob patterns of trusted hosts. • trustedSchemes: a list of allowed URL schemes used "
                  "with trustedHosts")]
    assert unsupported_terms("Which URL schemes does rl_config.trustedSchemes allow by default?", guide) == []
    assert unsupported_terms("Which URL schemes does rl_config.trustedSchemas allow?", guide) == ["rl_config.trustedschemas"]
    assert unsupported_terms("Which URL schemes does pdf_config.trustedSchemes allow?", guide) == ["pdf_config.trustedschemes"]
    assert unsupported_terms("Which URL schemes does rl_config.trustedschemes allow?", guide) == ["rl_config.trustedschemes"]
    other = [P(1, "Useful rl_config variables • verbose: set to integer values to control diagnostic output."),
             P(2, "canvas.trustedSchemes lists the schemes a canvas may link to.")]
    assert unsupported_terms("Which URL schemes does rl_config.trustedSchemes allow?", other) == ["rl_config.trustedschemes"]
    # (the attribute listed after its module, in one passage: not another object's, "canvas" named elsewhere)
    canvas = [*guide, P(2, "The canvas object draws on the page; its methods are described below.")]
    assert unsupported_terms("Which URL schemes does canvas.trustedSchemes allow?", canvas) == ["canvas.trustedschemes"]
    document = [P(1, "The getElementById() method of the Document interface returns an Element object.")]
    assert unsupported_terms("What does element.getElementById return?", document) == ["element.getelementbyid"]


def test_a_page_named_after_the_module_asked_is_about_it_and_one_character_quotations_pair_their_marks():
    """Python-Markdown (round 55): the values of md_in_html's markdown attribute are on extensions-md_in_html.html, in a
    passage that never writes "md_in_html": the page's file name names it. And "1", "block", and "span" quote 1,
    block and span, not ", and "."""
    question = "What are the three values that can be assigned to the markdown attribute in the md_in_html extension?"
    answer = 'The three values are "1", "block", and "span" [2].'
    assert facts(answer) == {"1", "block", "span"}
    usage = Labelled(1, "The md_in_html extension parses Markdown inside raw HTML blocks.",
                     "extensions-md_in_html.html · Markdown in HTML > Usage")
    values = 'Set the markdown attribute to "1" to parse the element by its type, "block" to parse block-level content ' \
             'or "span" to parse inline content only.'
    assert not ground(answer, [usage, Labelled(2, values, "extensions-md_in_html.html · Markdown in HTML > Syntax")],
                      question).dropped
    assert ground(answer, [usage, Labelled(2, values, "extensions-attr_list.html · Attribute Lists > Syntax")],
                  question).dropped  # (another page's values)


def test_a_size_of_the_other_store_is_not_the_size_asked_for():
    """The Debian kernel handbook's held-out near miss: "How much RAM does the handbook recommend …?" answered with
    the disk space it recommends; a memory size answers it, and so does an answer that gives both."""
    from kb.answer.citations import wrong_kind

    ram = "How much RAM does the handbook recommend having when rebuilding the official Debian kernel packages?"
    assert wrong_kind(ram, "The handbook recommends having about 50 GB space in the package directory [1].") \
        == "it gives disk space; the question asks for memory"
    assert wrong_kind(ram, "It recommends 8 GB of RAM [1].") == ""
    assert wrong_kind(ram, "It recommends 8 GB of memory and 50 GB of disk space [1].") == ""
    disk = "How much disk space does the build need?"
    assert wrong_kind(disk, "The build needs 2 GB of RAM [1].") == "it gives memory; the question asks for disk space"
    assert wrong_kind(disk, "The build needs about 50 GB of free space on the disk [1].") == ""
    # (an answer that gives the asked size, and the other store's beside it, gives the asked one)
    assert wrong_kind("How much RAM does the installer need?", "The installer needs 256 MB; it also needs 2 GB on the disk [1].") == ""
    assert wrong_kind("How much disk space does building the kernel need?", "About 10 GB, and at least 1 GB of RAM [1].") == ""


def test_a_share_answers_how_much_something_saved():
    """execline (round 49): "How much disk space did building execline as one multicall binary save on Linux?" is
    answered by "from 66% to 87%"; a share is still no size where nothing changed."""
    from kb.answer.citations import wrong_kind

    saved = "How much disk space did building execline as one multicall binary save on Linux?"
    assert wrong_kind(saved, "The gain in disk space can range from 66% to 87% [1].") == ""
    assert wrong_kind("How much disk space does the multicall binary take?", "It takes 66% [1].") \
        == "it gives a percentage; the question asks for a size"
    assert wrong_kind("How long does the battery last in power saving mode?", "Power saving mode reduces power use by 30% [1].") \
        == "it gives a percentage; the question asks for a time"
    assert wrong_kind("How large can the log grow before it is rotated?", "It is rotated when the disk is 90% full [1].") \
        == "it gives a percentage; the question asks for a size"
    # (a size in words beside the share is a size: bzip2, round 53)
    fits = "How large must the output buffer be to be sure that a one-shot buffer-to-buffer compression fits?"
    assert wrong_kind(fits, "It must be at least 1% larger than the uncompressed data plus six hundred extra bytes [1].") == ""
    assert wrong_kind(fits, "It must be 1% larger than the uncompressed data [1].") == "it gives a percentage; the question asks for a size"
    # A multiple is no percentage (LAME, round 53: "17 times realtime" for how many percent faster -q 7 is).
    faster = "By what percentage is encoding with -q 7 faster than encoding with -q 2 in LAME?"
    assert wrong_kind(faster, "It is faster by approximately 17 times realtime on a P4 2.8Ghz [4].") \
        == "it gives a multiple; the question asks for a percentage"
    assert wrong_kind(faster, "About 40%, roughly 1.4 times as fast [1].") == ""
    assert wrong_kind(faster, "About 40 percent [1].") == ""
    # (the review's: a dimension, an address, a share in words beside a multiple)
    for question, said in (("What percentage of the frame is covered?", "At 1920x1080, the overlay covers one quarter of the frame [1]."),
                           ("What percentage of frames are dropped?", "No frames are dropped at 1920x1080 [1]."),
                           ("What percentage of the disk is used?", "Half the disk; the volume is 4x 2TB drives [1]."),
                           ("性能提高的百分比是多少？", "性能提高了一半，达到原来的 1.5 倍 [1]。")):
        assert wrong_kind(question, said) == "", said
    # (the review's: a count of bytes in words answers "how many", a time beside a size in words answers "how long")
    assert wrong_kind("How many padding bytes does the gzip header add?", "Two padding bytes [1].") == ""
    assert wrong_kind("How long does a sync take on a 4 GB card?", "About two seconds for four gigabytes [1].") == ""


def test_a_number_names_a_level_on_a_scale_and_a_typeset_long_option_is_the_option():
    """Speex's manual (round 50): "Usually, a quality of 3 is acceptable for most desktop uses" answers "Which
    resampler quality setting … for most desktop uses?" with 3; and its "–nframes n Pack n frames in each Ogg packet"
    (a PDF's en dash for --) states --nframes (not -nframes, the reply's: a single dash may be another option)."""
    from kb.answer.citations import names_no_setting, supported

    assert not names_no_setting("Which resampler quality setting does the Speex manual call acceptable for most desktop uses?", "3 [1]")
    assert names_no_setting("Which option sets the resampler's quality?", "3 [1]")
    manual = "–vad enable vad, disabled by default –nframes n pack n frames in each ogg packet"
    assert supported("--nframes", manual) and supported("--vad", manual)
    assert not supported("-nframes", manual) and not supported("--frames", manual)
    assert not supported("--server", "pgclient uses a client–server protocol over tcp.")  # (prose's en dash)
    assert names_no_setting("What compression option does tar use for xz?", "It uses level 6 by default [1].")


def test_an_api_reference_s_availability_gives_the_library_s_version():
    """libdbi's reference (round 50): "Availability 0.8.3" under dbi_conn_escape_string answers "What version of
    libdbi introduced dbi_conn_escape_string?", though the entry never writes "libdbi"; a bare 0.8.3 elsewhere does not."""
    entry = [P(1, "size_t dbi_conn_escape_string(dbi_conn Conn, char *orig); Escapes the string. Returns the new string's "
                  "length. Availability 0.8.3 size_t dbi_conn_escape_string_copy(dbi_conn Conn, char *orig, char **newstr);")]
    question = "What version of libdbi introduced the dbi_conn_escape_string function?"
    assert not _conclude("0.8.3 [1]", entry, question).refused
    assert not _conclude("0.8.3 [1]", entry, "libdbi 从哪个版本开始提供 dbi_conn_escape_string 函数？").refused
    table = [P(1, "size_t dbi_conn_escape_string(dbi_conn Conn, char *orig); Escapes the string; see table 0.8.3 for the rules.")]
    assert _conclude("0.8.3 [1]", table, question).refused
    # (a heading of its own: not a product's "InfoScale Availability 7.4.2", nor an uptime's "Availability: 99.95%")
    veritas = [P(1, "Veritas InfoScale Availability 7.4.2 supports Red Hat Enterprise Linux 8 (Update 2).")]
    assert _conclude("7.4.2 [1]", veritas, "Which version of Red Hat Enterprise Linux does InfoScale Availability support?").refused
    uptime = [P(1, "Backend web01. Availability: 99.95% over 30 days; HAProxy was upgraded on day 12.")]
    assert _conclude("99.95 [1]", uptime, "Which version of HAProxy was installed?").refused


def test_a_question_for_where_a_default_holds_asks_no_default():
    """libdbi (round 50): "This is the default for the "char" type on Linux for PowerPC" answers "在哪个平台上 char
    类型默认是无符号的？"; the platform is where the default holds, not a default value."""
    uchar = [P(1, "unsigned char dbi_result_get_uchar(dbi_result Result, const char *fieldname); Fetch the data stored in "
                  "the specified field, which contains an unsigned character. This is the default for the \"char\" type on "
                  "Linux for PowerPC.")]
    answer = "根据 dbi_result_get_uchar 的说明，在 Linux for PowerPC 平台上，char 类型默认是无符号的 [1]。"
    assert not ground(answer, uchar, "根据 libdbi 手册中 dbi_result_get_uchar 的说明，在哪个平台上 char 类型默认是无符号的？").dropped
    assert not ground("On Linux for PowerPC [1].", uchar, "On which platform is the char type unsigned by default?").dropped
    from kb.answer.citations import _WHERE_ASKED
    assert not _WHERE_ASKED.search("libdbi 默认安装在哪个目录中？") and not _WHERE_ASKED.search("默认配置文件在哪里？")
    # (nor where the place is the default value: "On which TCP port …", "在哪个端口上 …")
    ports = [P(1, "port (integer) The TCP port the server listens on; 5432 by default."),
             P(2, "The main cluster listens on port 5432, and a second cluster created with pg_createcluster 16 test "
                  "listens on port 5433.")]
    assert ground("By default, the PostgreSQL server listens on TCP port 5433 [2].", ports,
                  "On which TCP port does the PostgreSQL server listen by default?").dropped
    assert ground("PostgreSQL 服务器默认在 5433 端口上监听连接 [2]。", ports, "PostgreSQL 服务器默认在哪个端口上监听连接？").dropped
