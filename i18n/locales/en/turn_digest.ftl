### Player-facing strings: the turn digest, "Daily turns" (issue 39): ONE private message a
### day, at a local hour the player chooses, listing every game waiting on them with a button
### each. Not the followers' digest (table-digest-* in table.ftl).

# /hadara settings
cmd-settings-daily_turns = Daily turns: one DM a day at this hour (your time zone) listing every game waiting on you
cmd-settings-turn_pings = With Daily turns on, keep each game's own pings and turn DMs (default: they stop)
turn_digest-off = Off
# the hours of daily_turns (the choices, and the settings' line)
turn_digest-hour-0 = 00:00
turn_digest-hour-1 = 01:00
turn_digest-hour-2 = 02:00
turn_digest-hour-3 = 03:00
turn_digest-hour-4 = 04:00
turn_digest-hour-5 = 05:00
turn_digest-hour-6 = 06:00
turn_digest-hour-7 = 07:00
turn_digest-hour-8 = 08:00
turn_digest-hour-9 = 09:00
turn_digest-hour-10 = 10:00
turn_digest-hour-11 = 11:00
turn_digest-hour-12 = 12:00
turn_digest-hour-13 = 13:00
turn_digest-hour-14 = 14:00
turn_digest-hour-15 = 15:00
turn_digest-hour-16 = 16:00
turn_digest-hour-17 = 17:00
turn_digest-hour-18 = 18:00
turn_digest-hour-19 = 19:00
turn_digest-hour-20 = 20:00
turn_digest-hour-21 = 21:00
turn_digest-hour-22 = 22:00
turn_digest-hour-23 = 23:00
turn_digest-settings-off = Daily turns: off (one DM a day listing every game waiting on you: /hadara settings daily_turns:).
turn_digest-settings-on = Daily turns: every day at **{ $at }** your time, next { $rel }. Each game's own pings and turn DMs stop meanwhile; deadline reminders still come.
turn_digest-settings-on_pings = Daily turns: every day at **{ $at }** your time, next { $rel }. Each game's own pings and turn DMs go on too.

# the message
turn_digest-title = 📬 **Your turns**: { $count ->
        [one] { $count } game is waiting for you.
       *[other] { $count } games are waiting for you, the longest first.
    }
turn_digest-line = **#{ $id }** · { $what } · waiting { $waited }{ $deadline }
turn_digest-deadline = {" "}· ⏳ { $rel }
turn_digest-minutes = { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
turn_digest-hours = { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
turn_digest-days = { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
turn_digest-more = … and { $count ->
        [one] { $count } more game
       *[other] { $count } more games
    }: /hadara games lists them all.
turn_digest-footer = Daily turns: /hadara settings daily_turns: moves it or turns it off.
turn_digest-button = #{ $id } · Take my turn
