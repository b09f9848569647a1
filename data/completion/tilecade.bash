# bash completion for tilecade(6), installed as bash-completion/completions/tilecade.
# It uses bash-completion's helpers (_init_completion, _filedir), which are loaded whenever
# bash-completion loads this file from its completions directory.
#
# What is offered follows tilecade --help and src/cli/options.c: the game may stand anywhere on
# the line, each game is offered only the options it takes, and a value is completed where it is
# one of a few words or numbers, or a file. tests/completion checks these lists against the
# program.

_tilecade_games='znumbers match3 sudoku ninja n 2048'

# Options that take a value, as the next word or after '='.
_tilecade_valued=' --seed --id --theme --db --config --size --attempts --level --count --difficulty
 --stage --puzzle --mode --types --replay --games --depth --moves '

# The options of one place on the line. $1: the game, or 'scores' or 'scores GAME', or empty
# before any game (the menu).
_tilecade_options()
{
	local common='--theme --no-anim --db --config --help -h --version -V'
	case $1 in
	'') echo "$common --continue --id" ;;
	znumbers) echo "$common --seed --id --daily --size --attempts --level --generate --count --solve" ;;
	match3) echo "$common --seed --id --daily --mode --level --size --types --generate --count --swaps" ;;
	sudoku) echo "$common --seed --id --daily --stage --difficulty --generate --count --solve --rate --puzzle" ;;
	ninja | n) echo "$common --generate --playable --count --seed --parse --check --solve --replay --headless" ;;
	2048) echo "$common --seed --id --daily --size --moves --autoplay --games --depth" ;;
	scores | 'scores znumbers') echo '--level --db --config --help -h --version -V' ;;
	scores\ *) echo '--db --config --help -h --version -V' ;;
	esac
}

# The values of option $2 for the game $1 (as for _tilecade_options), or FILE for a file name;
# nothing where any text goes (a seed, a game ID, moves).
_tilecade_values()
{
	case $2 in
	--theme) echo 'auto 256 16 mono' ;;
	--difficulty) echo 'simple easy intermediate expert' ;;
	--stage) echo 'latin classic' ;;
	--mode) echo 'goals endless timed' ;;
	--types) echo {4..8} ;;
	--depth) echo {1..8} ;;
	--replay | --db | --config) echo FILE ;;
	--level)
		case $1 in
		match3) echo {1..13} ;; # the goals pack
		*) echo {1..9} ;;       # zNumbers' original pack
		esac
		;;
	--size) # N for NxN; zNumbers also takes RxC
		case $1 in
		znumbers) echo {4..10} ;;
		match3) echo {6..10} ;;
		2048) echo {3..8} ;;
		esac
		;;
	esac
}

_tilecade()
{
	local cur prev words cword split
	# -s: --opt=value is split into prev and cur; -n ':' keeps game IDs (2048:4x4:s1) one word.
	_init_completion -s -n : || return

	# The game (or `scores` and its game) named so far, skipping the values of options.
	local i word game='' scores=''
	for ((i = 1; i < cword; i++)); do
		word=${words[i]}
		case $word in
		-*=*) ;;
		-?*) [[ $_tilecade_valued == *[[:space:]]"$word"[[:space:]]* ]] && ((i++)) ;;
		*)
			if [[ -z $game && -z $scores && $word == scores ]]; then
				scores=scores
			elif [[ -z $game ]]; then
				game=${word,,} # tilecade takes game names in any case
			fi
			;;
		esac
	done
	local place=$game
	[[ $scores ]] && place="scores${game:+ $game}"

	if [[ $split == true || $_tilecade_valued == *[[:space:]]"$prev"[[:space:]]* ]]; then
		local values
		values=$(_tilecade_values "$place" "$prev")
		if [[ $values == FILE ]]; then
			_filedir
			__ltrim_colon_completions "$cur" # readline's word begins after a ':' in the name
		else
			mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
		fi
		return
	fi

	if [[ $cur == -* || $game ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_tilecade_options "$place")" -- "$cur")
	elif [[ $scores ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$_tilecade_games" -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -W "$_tilecade_games scores" -- "$cur")
	fi
} &&
	complete -F _tilecade tilecade
