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
