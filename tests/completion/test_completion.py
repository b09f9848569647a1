#!/usr/bin/env python3
"""Tab completion (issue 16): what data/completion/tilecade.bash (SHELL=bash) or _tilecade
(SHELL=zsh) offers on a line, checked against the program itself so that the two cannot drift.

usage: test_completion.py bash|zsh   (meson sets TILECADE_BIN and TILECADE_SRC). Prints TAP.

bash: the completion function runs as bash-completion runs it, on COMP_WORDS split as readline
splits a line, and once more in a bash without bash-completion, which must answer the same
without an error. zsh: an interactive zsh -f in a pseudo-terminal (zsh/zpty) gets the line and a
Tab, with compadd wrapped to write down every match it is given.

The program is the reference: its option table (src/cli/options.c), its --help, and what it does
with each option after each game, run without a terminal (a usage error, status 2 naming the
option, means it refuses the option there).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.environ['TILECADE_BIN']
SRC = os.environ['TILECADE_SRC']
COMPLETION_DIR = os.path.join(SRC, 'data', 'completion')
REPLAY = os.path.join(SRC, 'data', 'ninja-demo.replay')

GAMES = ['znumbers', 'match3', 'sudoku', 'ninja', 'n', '2048']
# The places on a line that have options of their own: before a game (the menu), after each
# game, after `scores` (alone, with each game that has levels, and with one that has none), after
# `replay` and its recording's number, after `races` and its race's number, after `live`, after
# `watch PLAYER`, and after `race` (alone and with each game).
PLACES = [''] + GAMES + ['scores', 'scores znumbers', 'scores match3', 'scores sudoku',
                         'scores 2048', 'replay 1', 'races', 'races 1', 'live', 'watch ann',
                         'race'] + [f'race {g}' for g in GAMES]
COMMANDS = {'scores', 'replay', 'races', 'live', 'watch', 'race'}

# Options offered at a place only once another is on the line, as the program requires: N's
# level browser refuses --seed ("--seed needs --generate"); --count and --playable are taken
# with their companion --generate (COMPANIONS), but offered only after it.
ONLY_AFTER = {'ninja': ('--generate', {'--seed', '--count', '--playable'}),
              'n': ('--generate', {'--seed', '--count', '--playable'})}

PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
IDS = {'znumbers': 'znumbers:6x6a60:s1', 'match3': 'match3:endless-8x8t5:s3',
       'sudoku': 'sudoku:classic-easy:s1', '2048': '2048:4x4:s1'}
SIZES = {'znumbers': '6', 'match3': '8', '2048': '4'}


def probe_value(place, option, scratch):
    """A good value of option at place, to see whether the program takes the option there."""
    game = place.split()[-1] if place else ''
    values = {'--seed': '1', '--id': IDS.get(game, '2048:4x4:s1'), '--theme': 'mono',
              '--db': os.path.join(scratch, 'probe.db'),
              '--config': os.path.join(scratch, 'empty.ini'), '--size': SIZES.get(game, '6'),
              '--attempts': '60', '--level': '1', '--count': '1', '--difficulty': 'easy',
              '--stage': 'classic', '--puzzle': PUZZLE, '--mode': 'endless', '--types': '5',
              '--replay': REPLAY, '--games': '1', '--depth': '1', '--moves': 'l',
              '--time-limit': '10s', '--join': '1', '--watch': '1',
              '--ghost': '1'}
    return values.get(option)


# Options that only go with another one; --depth 1 keeps 2048's autoplay quick.
COMPANIONS = {'--count': ['--generate'], '--playable': ['--generate'],
              '--autoplay': ['--depth', '1'], '--games': ['--autoplay', '--depth', '1'],
              '--depth': ['--autoplay'], '--headless': ['--replay', REPLAY]}


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def check(self, ok, name, detail=''):
        self.count += 1
        if not ok:
            self.failed += 1
        print(f"{'ok' if ok else 'not ok'} {self.count} - {name}")
        if not ok and detail:
            for line in detail.splitlines():
                print(f'# {line}')
        sys.stdout.flush()

    def same(self, got, want, name):
        got, want = set(got), set(want)
        detail = ''
        if got != want:
            detail = (f'missing: {" ".join(sorted(want - got)) or "-"}\n'
                      f'not wanted: {" ".join(sorted(got - want)) or "-"}')
        self.check(got == want, name, detail)


# ---- the program ----

class Program:
    def __init__(self, scratch):
        self.scratch = scratch
        self.env = dict(os.environ, HOME=os.path.join(scratch, 'home'),
                        XDG_DATA_HOME=os.path.join(scratch, 'data'),
                        XDG_CONFIG_HOME=os.path.join(scratch, 'config'),
                        XDG_STATE_HOME=os.path.join(scratch, 'state'))
        os.makedirs(os.path.join(scratch, 'home'))
        open(os.path.join(scratch, 'empty.ini'), 'w').close()
        with open(os.path.join(SRC, 'src', 'cli', 'options.c')) as f:
            source = f.read()
        self.table = set(re.findall(r'"(-[A-Za-z]|--[a-z][a-z-]*)"', source))
        self.valued = set(re.findall(r'take_value\(argc, argv, i, "(--[a-z-]+)"', source))
        self.help = self.run(['--help'])[1]
        self.blocks = self.help_blocks()
        # Options whose value --help names FILE or PATH.
        self.file_options = set(re.findall(r'(--[a-z-]+) (?:FILE|PATH)\b', self.help))

    def run(self, args):
        """(status, stdout + stderr) of tilecade ARGS without a terminal."""
        r = subprocess.run([BIN] + args, cwd=self.scratch, env=self.env,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=120)
        return r.returncode, r.stdout + r.stderr

    def refuses(self, args, option):
        """The program's message when it refuses option on this command line, else None."""
        status, out = self.run(args)
        return out.strip() if status == 2 and option in out else None

    def help_blocks(self):
        """The options each paragraph of --help names, by its first word (the game)."""
        blocks = {}
        for para in self.help.split('\n\n'):
            head = re.match(r'([a-z0-9]+)', para)
            if head:
                blocks.setdefault(head.group(1), set()).update(options_in(para))
        return blocks

    def accepted(self, place, option):
        """None when the program takes option at place, else its message."""
        args = place.split() + [option]
        if option in self.valued:
            value = probe_value(place, option, self.scratch)
            if value is None:
                return f'the test has no good value of {option} to try: add one to probe_value'
            args.append(value)
        if option not in COMPANIONS or place.startswith('replay'):
            return self.refuses(args, option)
        # The message may name the companion instead (--autoplay is only for 2048).
        status, out = self.run(args + COMPANIONS[option])
        return out.strip() if status == 2 else None

    def value_list(self, place, option):
        """The program's closed list of values for option at place, from its messages for
        a value too big and one that is no value at all; None when the values are open."""
        for value in ['99', '__bogus__']:
            message = self.refuses(place.split() + [option, value], option)
            if not message:
                continue
            words = re.search(r'must be ([a-z0-9]+(?:, [a-z0-9]+)* or [a-z0-9]+), not', message)
            if words:
                return set(re.split(r', | or ', words.group(1)))
            span = re.search(r'\b(\d+) to (\d+)\b(?![\^\d])', message)
            if span:
                lo, hi = int(span.group(1)), int(span.group(2))
                if hi - lo <= 20:
                    return {str(n) for n in range(lo, hi + 1)}
                if value == '99' and hi < 99:
                    return None  # a range of many numbers: not worth listing
        return None


def options_in(text):
    return set(re.findall(r'(?<![\w-])(-[A-Za-z]|--[a-z][a-z-]*)\b', text))


# ---- the completions ----

def readline_words(line):
    """COMP_WORDS as readline makes them for the line: split at blanks, and '=' and ':'
    words of their own (they are in COMP_WORDBREAKS)."""
    words = []
    for word in line.split(' '):
        words += [p for p in re.split(r'([=:])', word) if p]
    if line.endswith((' ', '=', ':')):
        words.append('')
    return words


class Bash:
    """Completes many lines in one bash, as bash-completion calls the function; with
    bare=True, in a bash without bash-completion (the file sourced by hand)."""
    SCRIPT = r'''
[[ $1 ]] && source "$1"
source "$2"
# compopt only works while bash completes a line: here it writes down what it is asked.
compopt() { local IFS=' '; COMPOPT+=("$*"); } # _filedir sets IFS to a newline
while IFS= read -r line && IFS=$'\x1f' read -ra COMP_WORDS; do
	COMP_LINE=$line COMP_POINT=${#line} COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	[[ $line == *[' '=:] ]] && COMP_WORDS+=('') && ((COMP_CWORD++))
	COMPREPLY=() COMPOPT=()
	_tilecade tilecade "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	printf '%s\n' "${COMPREPLY[@]}"
	((${#COMPOPT[@]})) && printf '\x1dcompopt %s\n' "${COMPOPT[@]}"
	printf '\x1e\n'
done
'''

    def __init__(self, cwd, bare=False):
        self.cwd = cwd
        self.main = '' if bare else bash_completion_script()
        self.compopt = {}  # line: the compopt calls made completing it
        self.stderr = ''

    def complete_many(self, lines):
        """{line: COMPREPLY in its order}."""
        feed = ''
        for line in lines:
            words = readline_words(line)
            if words[-1] == '':
                words = words[:-1]  # the script adds it back: read drops an empty last field
            feed += line + '\n' + '\x1f'.join(words) + '\n'
        r = subprocess.run(['bash', '--norc', '--noprofile', '-c', self.SCRIPT, 'test',
                            self.main, os.path.join(COMPLETION_DIR, 'tilecade.bash')],
                           input=feed, cwd=self.cwd, capture_output=True, text=True,
                           timeout=120)
        self.stderr = r.stderr
        answers = r.stdout.split('\x1e\n')[:-1]
        if len(answers) != len(lines):
            raise RuntimeError(f'bash answered {len(answers)} of {len(lines)} lines: {r.stderr}')
        replies = {}
        for line, a in zip(lines, answers):
            out = [w for w in a.split('\n') if w]
            replies[line] = [w for w in out if not w.startswith('\x1d')]
            self.compopt[line] = [w[1:] for w in out if w.startswith('\x1d')]
        return replies


def bash_completion_script():
    """bash-completion's main script, or None when it is not installed."""
    dirs = ['/usr/share', '/usr/local/share']
    if shutil.which('pkg-config'):
        r = subprocess.run(['pkg-config', '--variable=datadir', 'bash-completion'],
                           capture_output=True, text=True)
        if r.returncode == 0:
            dirs.insert(0, r.stdout.strip())
    for d in dirs:
        path = os.path.join(d, 'bash-completion', 'bash_completion')
        if os.path.isfile(path):
            return path
    return None


class Zsh:
    """Completes many lines in one interactive zsh -f in a pseudo-terminal."""
    SCRIPT = r'''
zmodload zsh/zpty || exit 3
local out=$2
zpty z zsh -f -i
zpty -w z "PS1= RPS1=; unsetopt beep; bindkey -e; fpath=(${(q)1} \$fpath)"
zpty -w z "autoload -Uz compinit; compinit -u -D; zstyle ':completion:*' insert-tab false"
# Every match given to compadd is written down (calls that only fetch matches, -O -A -D, are
# left alone); the completer ends each Tab with a mark.
zpty -w z "compadd() { local -a m; if [[ \" \$* \" != *' -'[OAD]' '* ]]; then builtin compadd -O m \"\$@\"; (( \$#m )) && print -rl -- \$m >> ${(q)out}; fi; builtin compadd \"\$@\"; }"
zpty -w z "_tc_completer() { _complete; local r=\$?; print -r -- '--END--' >> ${(q)out}; return r; }"
zpty -w z "zstyle ':completion:*' completer _tc_completer; tilecade() { : }"
: > $out
integer n
while IFS= read -r line; do
	zpty -w -n z "$line"$'\t'
	for (( n = 0; n < 3000; n++ )); do
		while zpty -rt z junk 2>/dev/null; do :; done # the screen's output, not needed
		[[ $(<$out) == (*$'\n'|)--END-- ]] && break
		sleep 0.01
	done
	(( n == 3000 )) && { print -r -- "no answer to: $line" >&2; exit 4 }
	sed '$d' $out
	print -r -- $'\x1e'
	: > $out
	zpty -w -n z $'\x15' # Ctrl-U: an empty line for the next one
done
zpty -d z
'''

    def __init__(self, cwd):
        self.cwd = cwd

    def complete_many(self, lines):
        with tempfile.NamedTemporaryFile(prefix='zsh-matches-') as out:
            r = subprocess.run(['zsh', '-f', '-c', self.SCRIPT, 'test', COMPLETION_DIR,
                                out.name],
                               input=''.join(line + '\n' for line in lines), cwd=self.cwd,
                               capture_output=True, text=True, timeout=600)
        answers = r.stdout.split('\x1e\n')[:-1]
        if r.returncode != 0 or len(answers) != len(lines):
            raise RuntimeError(f'zsh answered {len(answers)} of {len(lines)} lines '
                               f'(status {r.returncode}): {r.stderr}')
        # zsh's file completion gives directories a '/' of their own; bash's does not.
        return {line: sorted({w for w in a.split('\n') if w})
                for line, a in zip(lines, answers)}


def zsh_usable():
    if not shutil.which('zsh'):
        return 'zsh is not installed (./quickstart test installs it)'
    r = subprocess.run(['zsh', '-f', '-c', 'zmodload zsh/zpty'], capture_output=True)
    return None if r.returncode == 0 else 'zsh has no zsh/zpty module'


# ---- the checks ----

def main():
    shell = sys.argv[1]
    if shell == 'bash':
        if not bash_completion_script():
            print('1..0 # SKIP bash-completion is not installed (./quickstart test installs it)')
            return 0
    else:
        why = zsh_usable()
        if why:
            print(f'1..0 # SKIP {why}')
            return 0

    with tempfile.TemporaryDirectory(prefix='tilecade-completion-') as scratch:
        files = os.path.join(scratch, 'files')  # where the shell completes, with known files
        os.makedirs(os.path.join(files, 'saves'))
        open(os.path.join(files, 'demo.replay'), 'w').close()
        program = Program(os.path.join(scratch, 'probe'))
        shell_obj = Bash(files) if shell == 'bash' else Zsh(files)
        bare = Bash(files, bare=True) if shell == 'bash' else None
        tap = Tap()
        run_checks(tap, program, shell_obj, bare)
        print(f'1..{tap.count}')
        return 1 if tap.failed else 0


def run_checks(tap, program, shell, bare=None):
    """bare: a Bash without bash-completion, to answer every line as shell does."""
    games_and_scores = set(GAMES) | COMMANDS
    file_names = {'demo.replay', 'saves'}

    # Every line is asked in one go (one shell), then the answers are checked.
    lines = {}

    def ask(line):
        lines[line] = None
        return line

    examples = [
        (ask('tilecade '), games_and_scores, 'a game or a command after tilecade'),
        (ask('tilecade r'), {'replay', 'races', 'race'}, 'replay, races and race by their first letters'),
        (ask('tilecade rac'), {'races', 'race'}, 'races and race by their first letters'),
        (ask('tilecade races'), {'races'}, 'races by its name'),
        (ask('tilecade races '), set(), "nothing for a race's number"),
        (ask('tilecade races 3 --'), {'--db', '--config', '--help', '--version'},
         "races' options after its number"),
        (ask('tilecade replay '), set(), "nothing for a recording's number"),
        (ask('tilecade replay --'),
         {'--headless', '--theme', '--db', '--config', '--help', '--version'},
         "replay's options before its number"),
        (ask('tilecade replay 3 --h'), {'--headless', '--help'}, "replay's options after it"),
        (ask('tilecade l'), {'live'}, 'live by its first letter'),
        (ask('tilecade w'), {'watch'}, 'watch by its first letter'),
        (ask('tilecade live '), {'--db', '--config', '--help', '-h', '--version', '-V'},
         "live's options after live, which takes nothing else"),
        (ask('tilecade watch '), set(), 'no player after watch: the line cannot know them'),
        (ask('tilecade watch --'),
         {'--theme', '--no-anim', '--db', '--config', '--help', '--version'},
         "watch's options before the player"),
        (ask('tilecade s'), {'sudoku', 'scores'}, 'games by their first letters'),
        (ask('tilecade --seed '), set(), 'nothing for a seed, not the games'),
        (ask('tilecade sudoku --'),
         {'--theme', '--no-anim', '--db', '--config', '--help', '--version', '--seed', '--id',
          '--daily', '--stage', '--difficulty', '--level', '--generate', '--count', '--solve',
          '--rate', '--puzzle', '--ghost'}, "sudoku's options after sudoku --"),
        (ask('tilecade sudoku --difficulty '), {'simple', 'easy', 'intermediate', 'expert'},
         'the difficulties after sudoku --difficulty'),
        (ask('tilecade sudoku --difficulty=ex'), {'expert'}, 'a value after --difficulty='),
        (ask('tilecade sudoku --stage '), {'latin', 'classic'}, 'the stages'),
        (ask('tilecade 2048 --theme '), {'auto', '256', '16', 'mono'}, 'the themes'),
        (ask('tilecade match3 --mode '), {'goals', 'endless', 'timed'}, "match3's modes"),
        (ask('tilecade 2048 --size '), {str(n) for n in range(3, 9)}, "2048's sizes"),
        (ask('tilecade match3 --level '), {str(n) for n in range(1, 14)},
         "match3's goals levels"),
        (ask('tilecade ninja --replay '), file_names, 'files after --replay'),
        (ask('tilecade ninja --replay d'), {'demo.replay'}, 'a file by its first letters'),
        (ask('tilecade --db '), file_names, 'files after --db'),
        (ask('tilecade --config='), file_names, 'files after --config='),
        (ask('tilecade --seed 7 sudoku --d'), {'--daily', '--db', '--difficulty'},
         'the game after options, a seed skipped'),
        (ask('tilecade --theme=mono 2048 --m'), {'--moves'}, 'the game after --theme=VALUE'),
        (ask('tilecade SUDOKU --st'), {'--stage'}, 'game names in any case'),
        (ask('tilecade scores '), set(GAMES), 'the games after scores'),
        (ask('tilecade scores --'), {'--db', '--config', '--help', '--version'},
         "scores' options (--level needs a game)"),
        (ask('tilecade scores match3 --'), {'--level', '--db', '--config', '--help', '--version'},
         "scores' options for a game with levels"),
        (ask('tilecade scores 2048 --'), {'--db', '--config', '--help', '--version'},
         "scores' options for a game without levels"),
        (ask('tilecade sudoku --level '), {str(n) for n in range(1, 7)},
         "sudoku's campaign levels"),
        (ask('tilecade scores sudoku --level='), {str(n) for n in range(1, 7)},
         "sudoku's campaign levels after scores"),
        (ask('tilecade scores match3 --level '), {str(n) for n in range(1, 14)},
         "match3's goals levels after scores"),
        (ask('tilecade ninja --generate --p'), {'--playable', '--parse'},
         '--playable once --generate is on the line'),
        (ask('tilecade ninja --s'), {'--solve'}, 'no --seed without --generate'),
        (ask('tilecade n --generate --seed 3 --s'), {'--solve'}, 'no --seed given twice'),
        (ask('tilecade sudoku --seed=3 --s'), {'--stage', '--solve'}, 'no --seed= given twice'),
        # tilecade refuses a bare -- anywhere ("unknown option").
        (ask('tilecade -- '), set(), 'nothing after --'),
        (ask('tilecade ninja -- '), set(), 'nothing after ninja --'),
        (ask('tilecade ninja -- -'), set(), 'no options after ninja --'),
        (ask('tilecade ninja --level '), set(), 'no levels where --level is refused'),
        (ask('tilecade ninja --level='), set(), 'no levels after a refused --level='),
        (ask('tilecade NIN'), {'ninja'}, 'a game name typed in capitals'),
        (ask('tilecade N'), {'n', 'ninja'}, 'both names of N from a capital'),
        (ask("tilecade 'nin"), {'ninja'}, 'a game name after an opening quote'),
        (ask('tilecade scores SU'), {'sudoku'}, 'a game name in capitals after scores'),
        (ask('tilecade Sc'), set(), 'scores only as written, as the program takes it'),
        (ask('tilecade 2048 --ghost '), {'best'}, "a board's best ghost after a game"),
        (ask('tilecade ninja --ghost '), set(), "no best for N, whose boards are levels"),
    ]
    # A quoted word means what it means without the quotes.
    same_as = [(ask(f'tilecade {q} {o}'), ask(f'tilecade {g} {o}'))
               for q, g, o in [("'ninja'", 'ninja', '--'), ('"ninja"', 'ninja', '-'),
                               ("'SUDOKU'", 'sudoku', '--'), ('s"udok"u', 'sudoku', '--d'),
                               ("'--seed' 7 2048", '--seed 7 2048', '--m'),
                               ("scores 'znumbers'", 'scores znumbers', '-')]]
    size_line = ask('tilecade znumbers --size ')

    offered_line = {p: ask(f'tilecade {p} -' if p else 'tilecade -') for p in PLACES}
    companion_line = {p: ask(f'tilecade {p} {c} -') for p, (c, _) in ONLY_AFTER.items()}
    accepted = {p: {o for o in program.table if program.accepted(p, o) is None}
                for p in PLACES}
    # Every option's values at every place: an option the program refuses there gets none.
    value_lines = {}
    for p in PLACES:
        for o in program.valued:
            value_lines[p, o] = ask(f'tilecade {p} {o} ' if p else f'tilecade {o} ')
    # After an option and its value (if any) comes what came before it: the games, or the
    # place's other options. The value is given '=' and as a word of its own.
    after_lines = {}
    for p in PLACES:
        for o in accepted[p]:
            if o in program.valued:
                v = probe_value(p, o, program.scratch)
                forms = [f'{o} {v}', f'{o}={v}']
            else:
                forms = [o]
            for form in forms:
                line = f'tilecade {p} {form} --' if p else f'tilecade {form} '
                after_lines[p, o, form] = ask(line)

    answers = shell.complete_many(list(lines))

    for line, want, name in examples:
        tap.same({w.rstrip('/') for w in answers[line]}, want, f'{name}: {line!r}')
    for quoted, plain in same_as:
        tap.check(bool(answers[plain]) and answers[quoted] == answers[plain],
                  f'{quoted!r} as {plain!r}',
                  f'got: {" ".join(answers[quoted])}\nwant: {" ".join(answers[plain])}')

    if isinstance(shell, Bash):
        # Readline sorts what it is given unless told not to (nosort, bash 4.4 and later).
        want = [str(n) for n in range(4, 11)]
        tap.check(answers[size_line] == want and 'compopt -o nosort' in shell.compopt[size_line],
                  f'numbers in their order: {size_line!r}',
                  f'got: {" ".join(answers[size_line])}; compopt: {shell.compopt[size_line]}')
        if bare:
            # Without bash-completion's helpers: no error on any Tab, and the same answers
            # (its own split of the line at blanks: no line here quotes a blank).
            bare_answers = bare.complete_many(list(lines))
            tap.check(bare.stderr == '', 'without bash-completion: no error', bare.stderr)
            differ = [f'{line!r}: {" ".join(bare_answers[line])}' for line in lines
                      if sorted(bare_answers[line]) != sorted(answers[line])]
            tap.check(not differ, 'without bash-completion: the same answers',
                      'differ:\n' + '\n'.join(differ[:20]))

    help_places = {}
    for g in GAMES:
        help_places[g] = program.blocks.get('ninja' if g == 'n' else g, set())
    scores_usage = re.search(r'tilecade scores .*', program.help).group(0)
    help_places['scores'] = options_in(scores_usage) - {'--level'}  # GAME --level K
    replay_usage = re.search(r'tilecade replay .*', program.help).group(0)
    help_places['replay 1'] = options_in(replay_usage)
    for command, place in (('live', 'live'), ('watch', 'watch ann'), ('races', 'races'),
                           ('races', 'races 1')):
        help_places[place] = options_in(re.search(rf'tilecade {command} .*', program.help).group(0))
    race_usage = re.findall(r'tilecade race .*', program.help)
    help_places['race'] = options_in(race_usage[1])  # --join ID | --watch ID
    for g in GAMES:
        help_places[f'race {g}'] = options_in(race_usage[0])  # --time-limit T

    all_offered = set()
    for p in PLACES:
        where = f'after tilecade {p}' if p else 'before a game'
        offered = set(answers[offered_line[p]])
        all_offered |= offered
        refused = {o: program.accepted(p, o) for o in offered - accepted[p]}
        tap.check(not refused, f'{where}: every option offered is one the program takes',
                  '\n'.join(f'{o}: {m}' for o, m in sorted(refused.items())))
        later = ONLY_AFTER.get(p, ('', set()))
        missing = accepted[p] - offered - later[1]
        tap.check(not missing, f'{where}: every option the program takes is offered',
                  'not offered: ' + ' '.join(sorted(missing)))
        if p in ONLY_AFTER:
            with_companion = set(answers[companion_line[p]])
            all_offered |= with_companion
            tap.check(later[1] <= with_companion and later[1].isdisjoint(offered),
                      f'{where}: {" ".join(sorted(later[1]))} offered only after {later[0]}',
                      f'after {later[0]}: {" ".join(sorted(with_companion))}\n'
                      f'without: {" ".join(sorted(offered))}')
            offered |= with_companion & later[1]  # for its --help part
        if p in help_places:
            documented = help_places[p]
            tap.check(documented <= offered, f'{where}: every option of its --help part',
                      'not offered: ' + ' '.join(sorted(documented - offered)))

    tap.same(program.table, options_in(program.help),
             "the option table of options.c and --help's options")
    tap.same(all_offered, program.table, 'options offered somewhere and the option table')

    for (p, o), line in sorted(value_lines.items()):
        got = {w.rstrip('/') for w in answers[line]}
        where = f'{o} after tilecade {p}' if p else f'{o} before a game'
        if o not in accepted[p]:
            tap.same(got, set(), f'{where}: nothing, the option not being offered there')
            continue
        if o in program.file_options:
            tap.same(got, file_names, f'{where}: files')
            continue
        closed = program.value_list(p, o)
        if closed is not None:
            tap.same(got, closed, f"{where}: the program's values")
        else:
            refused = {v: program.refuses(p.split() + [o, v], o) for v in got}
            refused = {v: m for v, m in refused.items() if m}
            tap.check(not refused and not any(w.startswith('-') for w in got),
                      f'{where}: only values the program takes',
                      '\n'.join(f'{v}: {m}' for v, m in refused.items()) or ' '.join(got))

    for (p, o, form), line in sorted(after_lines.items()):
        got = set(answers[line])
        if p:
            # An option already given is not offered again (the program refuses a repeat), and
            # nothing follows --help or --version.
            if o in ('--help', '-h', '--version', '-V'):
                continue
            want = set(answers[offered_line[p]]) - {o, '-h', '-V'}
            tap.check(want <= got and o not in got,
                      f'after tilecade {p} {form}: the options of {p} but {o}',
                      'missing: ' + ' '.join(sorted(want - got)) +
                      (f'\noffered again: {o}' if o in got else ''))
        else:
            if o in ('--help', '-h', '--version', '-V'):
                continue
            tap.same(got, games_and_scores, f'after tilecade {form}: the games')


if __name__ == '__main__':
    start = time.monotonic()
    status = main()
    print(f'# {time.monotonic() - start:.1f} s')
    sys.exit(status)
