import asyncio

from solver.cardgames.schadenfreude.applet import VALUES, ScoreSheet, ScoringApplet


def test_sheet_tap_twice_cancels_the_pair_three_times_keeps_one():
    sheet = ScoreSheet(3)
    assert sheet.tap(0, 7) is True
    assert sheet.tap(0, 7) is False  # "tap the same value again to cancel its pair"
    sheet.tap(0, -3)
    sheet.tap(0, -3)
    sheet.tap(0, -3)
    assert sheet.lit(0, -3) and sheet.pile_total(0) == -3


def test_sheet_apply_round_floors_at_zero_and_ends_the_game():
    sheet = ScoreSheet(3)
    sheet.apply_round([-4, 30, 12])
    assert sheet.scores == [0, 30, 12] and "P1 leads next" in sheet.status()
    sheet.apply_round([5, 15, 20])
    assert sheet.game_over() and sheet.status().endswith("P3 wins")


def button(app, player, value):
    return app.query_one(f"#v-{player}-{VALUES.index(value)}")


def test_applet_taps_light_values_and_apply_moves_the_track():
    async def scenario():
        app = ScoringApplet(players=3)
        async with app.run_test(size=(140, 30)) as pilot:
            for value in (7, 3, 7, 10):  # 7 twice cancels: pile 3 + 10
                await pilot.click(f"#v-0-{VALUES.index(value)}")
            await pilot.pause()
            assert button(app, 0, 3).variant == "success"
            assert button(app, 0, 7).variant == "default"
            assert app.query_one("#total-0").value == "13"
            app.query_one("#total-1").value = "41"  # a total typed in
            await pilot.click("#apply")
            await pilot.pause()
            assert app.sheet.scores == [13, 41, 0]
            assert "GAME OVER" in str(app.query_one("#status").render())
            assert "P1 wins" in app.sheet.status()

    asyncio.run(scenario())


def _on_screen(widget, width=80, height=24):
    region = widget.region
    return region.width > 0 and region.height > 0 and region.right <= width and region.bottom <= height


def test_applet_at_80x24_shows_every_value_total_and_score_for_five_players():
    async def scenario(notation):
        app = ScoringApplet(players=5, notation=notation)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for p in range(5):
                for i, value in enumerate(VALUES):
                    widget = app.query_one(f"#v-{p}-{i}")
                    assert _on_screen(widget), (p, value, widget.region)
                    # the whole label fits: "Fool" and "X" (tarot), "-3" and "10" (standard)
                    assert widget.region.width >= len(str(widget.label))
                assert _on_screen(app.query_one(f"#total-{p}"))
                assert _on_screen(app.query_one(f"#score-{p}"))
            for name in ("#apply", "#new", "#status"):
                assert _on_screen(app.query_one(name))
            svg = app.export_screenshot()
            assert (svg.count(">Fool<") == svg.count(">X<") == 5) if notation == "tarot" else svg.count(">10<") == 5

    asyncio.run(scenario("tarot"))
    asyncio.run(scenario("standard"))


def test_applet_arrow_keys_move_between_values_totals_and_players():
    async def scenario():
        app = ScoringApplet(players=3)
        async with app.run_test(size=(80, 24)) as pilot:
            app.query_one("#v-0-0").focus()
            await pilot.press("right", "right")
            assert app.focused.id == "v-0-2"
            await pilot.press("down")
            assert app.focused.id == "total-1"
            await pilot.press("down")
            assert app.focused.id == "v-1-0"
            await pilot.press("up", "up")
            assert app.focused.id == "v-0-0"
            await pilot.press("left")  # stays at the edge
            assert app.focused.id == "v-0-0"
            await pilot.press("enter")  # presses the focused button: -3 on P1's pile
            assert app.sheet.lit(0, -3)

    asyncio.run(scenario())


def test_applet_new_game_asks_first():
    async def scenario():
        app = ScoringApplet(players=3)
        async with app.run_test(size=(80, 24)) as pilot:
            app.query_one("#total-0").value = "12"
            await pilot.click("#apply")
            assert app.sheet.scores == [12, 0, 0]
            app.query_one("#v-0-0").focus()
            await pilot.press("n")
            await pilot.pause()
            assert "Start a new game?" in str(app.screen.query_one("#question").render())
            await pilot.press("n")  # no: the scores stay
            await pilot.pause()
            assert app.sheet.scores == [12, 0, 0]
            await pilot.press("n", "y")
            await pilot.pause()
            assert app.sheet.scores == [0, 0, 0] and app.sheet.rounds == 0

    asyncio.run(scenario())


def burst(app, *keys):
    """Keys that arrive together, as a terminal delivers a fast or pasted sequence: all
    are queued at the app before it handles the first (pilot.press waits after each)."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def footer_keys(app):
    return [(key.key, key.description) for key in app.query("FooterKey")]


def test_applet_starts_on_the_first_value_button_with_its_keys_in_the_footer():
    async def scenario():
        app = ScoringApplet(players=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.focused.id == "v-0-0"  # where a player acts, not a text field
            keys = footer_keys(app)
            assert ("a", "apply round") in keys and ("n", "new game") in keys and ("q", "quit") in keys
            footer = app.query_one("Footer")
            assert footer.region.bottom == 24 and footer.region.height == 1

    asyncio.run(scenario())


def test_applet_keys_work_and_show_while_a_round_total_has_the_focus():
    async def scenario():
        app = ScoringApplet(players=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("up")
            assert app.focused.id == "total-0"
            assert ("a", "apply round") in footer_keys(app)
            await pilot.press("backspace", "1", "x", "2", "a")  # x: no part of an integer
            await pilot.pause()
            assert app.sheet.scores == [12, 0, 0] and app.sheet.rounds == 1

    asyncio.run(scenario())


def test_applet_counts_every_key_of_a_burst():
    async def scenario():
        app = ScoringApplet(players=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            burst(app, "right", "right", "right", "right")
            await pilot.pause()
            assert app.focused.id == "v-0-4"  # four steps, not one
            burst(app, "enter", "enter", "enter")  # tapped three times: lit
            await pilot.pause()
            assert app.sheet.lit(0, 1)
            burst(app, "enter", "right", "enter")  # each Enter on the button it was typed on
            await pilot.pause()
            assert [v for v in VALUES if app.sheet.lit(0, v)] == [2]
            burst(app, "down", "down", "down")
            await pilot.pause()
            assert app.focused.id == "total-2"
            burst(app, "up", "up", "end", "backspace", "1", "2", "left", "3", "tab")
            await pilot.pause()
            assert app.query_one("#total-1").value == "132" and app.focused.id == "v-1-0"

    asyncio.run(scenario())


def test_applet_a_tap_and_the_key_after_it_in_one_burst_keep_their_order():
    async def scenario():
        app = ScoringApplet(players=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            burst(app, "right", "right", "right", "right", "right", "enter", "a")  # tap 2, then apply
            await pilot.pause()
            assert app.sheet.scores == [2, 0, 0]
            burst(app, "n", "y")  # a new game, and yes
            await pilot.pause()
            assert app.sheet.scores == [0, 0, 0] and app.sheet.rounds == 0

    asyncio.run(scenario())
