# bash completion for tilecade(6), installed as bash-completion/completions/tilecade.
# It uses bash-completion's helpers (_init_completion, _filedir), which are loaded whenever
# bash-completion loads this file from its completions directory; sourced without them, it
# splits the line itself (_tilecade_split_line).
#
# What is offered follows tilecade --help and src/cli/options.c: the game may stand anywhere on
# the line, in any case, each game is offered only the options it takes, an option already on
# the line is not offered again (tilecade refuses one given twice), and a value is completed
# where it is one of a few words or numbers, or a file. tests/completion checks these lists
# against the program.

_tilecade_games='znumbers match3 sudoku ninja n 2048'

# Options that take a value, as the next word or after '='.
_tilecade_valued=' --seed --id --theme --db --config --size --attempts --level --count --difficulty
 --stage --puzzle --mode --types --replay --games --depth --moves --time-limit --join --watch --ghost '

# The options of one place on the line. $1: the game, or 'scores' or 'scores GAME', 'replay',
# 'races', 'live', 'watch' or 'watch PLAYER', 'race' or 'race GAME', or empty before any game
# (the menu); $2: the options on the line, each between blanks.
_tilecade_options()
{
	local common='--theme --no-anim --db --config --help -h --version -V'
	case $1 in
	'') echo "$common --continue --id --ghost" ;;
	znumbers) echo "$common --seed --id --daily --size --attempts --level --generate --count --solve --ghost" ;;
	match3) echo "$common --seed --id --daily --mode --level --size --types --generate --count --swaps --ghost" ;;
	sudoku) echo "$common --seed --id --daily --stage --difficulty --level --generate --count --solve --rate --puzzle --ghost" ;;
	ninja | n)
		echo "$common --generate --parse --check --solve --replay --headless --ghost"
		# The level browser refuses these: "--seed needs --generate".
		[[ $2 == *' --generate '* ]] && echo '--playable --count --seed'
		;;
	2048) echo "$common --seed --id --daily --size --moves --autoplay --games --depth --ghost" ;;
	'scores znumbers' | 'scores match3' | 'scores sudoku') echo '--level --db --config --help -h --version -V' ;;
	scores | scores\ *) echo '--db --config --help -h --version -V' ;; # --level needs a game
	replay) echo '--headless --theme --db --config --help -h --version -V' ;;
	live | races) echo '--db --config --help -h --version -V' ;;
	watch | watch\ *) echo '--theme --no-anim --db --config --help -h --version -V' ;;
	race) echo "$common --id --join --watch --time-limit" ;;
	# A race's game takes the options that make the game, none that print instead of playing.
	'race znumbers') echo "$common --seed --id --daily --size --attempts --level --time-limit" ;;
	'race match3') echo "$common --seed --id --daily --mode --level --size --types --time-limit" ;;
	'race sudoku') echo "$common --seed --id --daily --stage --difficulty --level --puzzle --time-limit" ;;
	'race ninja' | 'race n') echo "$common --seed --id --time-limit" ;;
	'race 2048') echo "$common --seed --id --daily --size --time-limit" ;;
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
	--depth) echo {1..6} ;;
	--replay | --db | --config) echo FILE ;;
	--ghost) # a recording's number, or the best of the game's board (N has one a level)
		case $1 in
		znumbers | match3 | sudoku | 2048) echo best ;;
		esac
		;;
	--level)
		case ${1#* } in # scores GAME --level, race GAME --level: the levels of GAME
		match3) echo {1..13} ;; # the goals pack
		sudoku) echo {1..6} ;;  # the campaign
		*) echo {1..9} ;;       # zNumbers' original pack
		esac
		;;
	--size) # N for NxN; zNumbers also takes RxC
		case ${1#race } in
		znumbers) echo {4..10} ;;
		match3) echo {6..10} ;;
		2048) echo {3..8} ;;
		esac
		;;
	esac
}

# The games whose names begin with the word typed, $1, and the commands (scores, replay, races,
# live, watch, race) too where $2 is commands. Game names in any case, as tilecade takes them:
# readline puts the lowercase name offered in place of the word typed (NIN becomes ninja).
# Commands only as written.
_tilecade_first_words()
{
	local name typed=${1//[\'\"\\]/} # without an opening quote: 'nin
	for name in $_tilecade_games; do
		[[ $name == "${typed,,}"* ]] && COMPREPLY+=("$name")
	done
	for name in scores replay races live watch race; do
		[[ $2 == commands && $name == "$typed"* ]] && COMPREPLY+=("$name")
	done
}

# File names, by bash-completion's _filedir where it is loaded.
_tilecade_files()
{
	if declare -F _filedir >/dev/null; then
		_filedir
		__ltrim_colon_completions "$cur" # readline's word begins after a ':' in the name
	else
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
}

# Without bash-completion: cur, prev, words and cword of the line up to the cursor, split at
# blanks (a quoted blank is not understood), and --opt=value split as _init_completion -s does.
_tilecade_split_line()
{
	local line=${COMP_LINE:0:COMP_POINT}
	read -ra words <<<"$line"
	[[ $line == *[[:blank:]] ]] && words+=('')
	cword=$((${#words[@]} - 1))
	cur=${words[cword]} prev=${words[cword - 1]} split=false
	if [[ $cur == -*=* ]]; then
		prev=${cur%%=*} cur=${cur#*=} split=true
	fi
}

_tilecade()
{
	local cur prev words cword split
	# -s: --opt=value is split into prev and cur; -n ':' keeps game IDs (2048:4x4:s1) one word.
	if declare -F _init_completion >/dev/null; then
		_init_completion -s -n : || return
	else
		_tilecade_split_line
	fi

	# The game (or the command and its game, recording's number or player) named so far,
	# skipping the values of options, and the options given so far.
	local i word game='' command='' given=' '
	for ((i = 1; i < cword; i++)); do
		# Names and options have no quotes or backslashes of their own: 'ninja' is ninja.
		word=${words[i]//[\'\"\\]/}
		case $word in
		--) return ;; # tilecade takes no `--`: whatever follows, it refuses the line
		-*=*) given+="${word%%=*} " ;;
		-?*)
			given+="$word "
			[[ $_tilecade_valued == *[[:space:]]"$word"[[:space:]]* ]] && ((i++))
			;;
		*)
			if [[ -z $game && -z $command && ($word == scores || $word == replay ||
				$word == races || $word == live || $word == watch || $word == race) ]]; then
				command=$word
			elif [[ -z $game ]]; then
				game=${word,,} # tilecade takes game names in any case
			fi
			;;
		esac
	done
	local place=$game
	[[ $command == scores || $command == live || $command == watch || $command == race ]] &&
		place="$command${game:+ $game}"
	[[ $command == replay || $command == races ]] && place=$command # its number is no game

	if [[ $split == true || $_tilecade_valued == *[[:space:]]"$prev"[[:space:]]* ]]; then
		# Values only for an option offered here: tilecade ninja --level refuses any.
		[[ " $(_tilecade_options "$place" "$given") " == *" $prev "* ]] || return
		local values
		values=$(_tilecade_values "$place" "$prev")
		if [[ $values == FILE ]]; then
			_tilecade_files
		else
			mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
			# In the order written (4 5 ... 10, not 10 4 5), where bash can (4.4 and later).
			compopt -o nosort 2>/dev/null
		fi
		return
	fi

	if [[ $cur == -* || $game || $command == live ]]; then # live takes nothing else
		local option options=''
		for option in $(_tilecade_options "$place" "$given"); do
			[[ $given == *" $option "* ]] || options+=" $option"
		done
		mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
	elif [[ $command == scores || ($command == race && $given != *' --join '* &&
		$given != *' --watch '*) ]]; then
		_tilecade_first_words "$cur"
	elif [[ -z $command ]]; then
		_tilecade_first_words "$cur" commands
	fi # replay's and races' number: any number, nothing to offer; after watch a player, whom
	# the line cannot know
} &&
	complete -F _tilecade tilecade
