"""The tiny bot, run in-process, talks to the emulator the way a bot talks to Discord."""

from __future__ import annotations

import io

import aiohttp
import pytest
from PIL import Image

from . import (
    CommandUnavailable,
    ComponentUnavailable,
    DiscordEmulator,
    InteractionFailed,
)
from .bots import InProcessBot
from .conftest import World


async def test_slash_command_with_subcommand_options_and_choices(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(
        world.alice, world.channel, "lov build", lot="C7", company="sphinx"
    )

    assert reply.content == "alice builds a sphinx casino on C7."
    assert reply.response_type == 4
    assert not reply.ephemeral
    assert discord_emulator.history(world.channel) == [reply.message]
    assert reply.refusals == []


async def test_a_choice_outside_the_registered_choices_cannot_be_sent(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    with pytest.raises(ValueError, match="offers only"):
        await discord_emulator.slash(
            world.alice, world.channel, "lov build", lot="C7", company="casino"
        )
    with pytest.raises(TypeError, match="needs option 'company'"):
        await discord_emulator.slash(world.alice, world.channel, "lov build", lot="C7")


async def test_autocomplete_returns_the_bots_choices(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    choices = await discord_emulator.autocomplete(
        world.alice, world.channel, "lov build", "lot", typed="c"
    )
    everything = await discord_emulator.autocomplete(
        world.alice, world.channel, "lov build", "lot", typed=""
    )

    assert [choice["value"] for choice in choices] == [f"C{n}" for n in range(1, 10)]
    assert len(everything) == 25
    assert everything[0] == {"name": "A1", "value": "A1"}


async def test_more_than_25_autocomplete_choices_are_refused(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.ack_timeout = 0.5

    with pytest.raises(InteractionFailed, match="50035"):
        await discord_emulator.autocomplete(world.alice, world.channel, "lov peek", "lot")

    [refusal] = discord_emulator.refusals
    assert refusal.code == 50035
    assert "data.choices: Must be 25 or fewer in length." in str(refusal)


async def test_deferred_reply_is_filled_by_the_follow_up_with_the_uploaded_png(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.bob, world.channel, "lov board")

    assert reply.response_type == 5
    assert reply.followups == []  # the first follow-up filled the "thinking..." message
    message = reply.message
    assert message is not None
    assert not message.loading
    assert message.edited_at is None  # filling the placeholder is not an edit
    assert message.content == "Here is the board."
    board = message.attachment("board.png")
    assert Image.open(io.BytesIO(board.data)).size == (320, 200)
    assert reply.embeds[0]["image"]["url"] == board.url
    async with aiohttp.ClientSession() as session, session.get(board.url) as response:
        assert await response.read() == board.data


async def test_ephemeral_reply_is_hidden_from_the_channel_and_its_button_works(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "secret")
    assert reply.message is not None

    assert reply.ephemeral
    assert reply.content == "Psst."
    assert discord_emulator.history(world.channel) == []
    with pytest.raises(ComponentUnavailable, match="cannot see"):
        await discord_emulator.click(world.bob, reply.message, "reveal")

    revealed = await discord_emulator.click(world.alice, reply.message, "reveal")

    assert revealed.response_type == 7
    assert revealed.message is reply.message
    assert reply.message.content == "The secret is 7."
    assert reply.message.components == []


async def test_select_menu_sends_the_chosen_values(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    question = await discord_emulator.slash(world.alice, world.channel, "pick")
    assert question.message is not None

    with pytest.raises(ValueError, match="offers"):
        await discord_emulator.select(world.bob, question.message, "colour", ["purple"])
    answer = await discord_emulator.select(world.bob, question.message, "colour", ["red", "green"])

    assert answer.content == "bob picked red, green."


async def test_user_option_arrives_resolved_as_a_member(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "poke", target=world.bob)

    assert reply.content == "alice pokes bob."


async def test_messages_the_bot_posts_on_its_own_are_in_the_channel_history(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(
        world.alice, world.channel, "announce", text="Game starts now"
    )

    assert reply.ephemeral
    [posted] = reply.posted
    assert posted.content == "Game starts now"
    assert posted.attachment("small.png").image_size() == (64, 32)
    assert discord_emulator.history(world.channel) == [posted]


async def test_the_reply_waits_for_a_post_after_slow_work_the_wire_does_not_show(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    # The bot answers, draws for ten quiet windows in a thread, then posts: as a person
    # does, the driver waits for the post, since the bot's task for the command runs on.
    discord_emulator.settle_time = 0.05

    reply = await discord_emulator.slash(
        world.alice, world.channel, "announce", text="Drawn", drawing=0.5
    )

    assert reply.content == "Posting it."
    assert [message.content for message in reply.posted] == ["Drawn"]


async def test_the_bot_posting_where_it_may_not_is_refused(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    closed = discord_emulator.create_channel(world.guild, "announcements", bot_can_send=False)

    reply = await discord_emulator.slash(world.alice, closed, "announce", text="Hello")

    assert reply.content == "Posting it."  # interaction replies need no channel permission
    assert reply.posted == []
    assert [refusal.code for refusal in reply.refusals] == [50013]


async def test_direct_messages_reach_users_who_accept_them(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    private = discord_emulator.create_user("carol", guild=world.guild, accepts_dms=False)

    sent = await discord_emulator.slash(world.alice, world.channel, "dm", text="Your turn")
    refused = await discord_emulator.slash(private, world.channel, "dm", text="Your turn")

    assert sent.content == "Sent you a DM."
    assert [message.content for message in discord_emulator.dms(world.alice)] == ["Your turn"]
    assert refused.content == "I cannot DM you."
    assert discord_emulator.dms(private) == []


async def test_an_interaction_not_acknowledged_in_time_fails(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.ack_timeout = 0.3

    with pytest.raises(InteractionFailed, match=r"did not acknowledge /slow within 0\.3 s"):
        await discord_emulator.slash(world.alice, world.channel, "slow", seconds=0.6)
    await discord_emulator.wait_until(lambda: bool(discord_emulator.refusals), 5, "the late answer")

    assert [refusal.code for refusal in discord_emulator.refusals] == [10062]
    assert discord_emulator.history(world.channel) == []


async def test_a_second_initial_response_is_refused(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "twice")

    assert reply.content in ("First.", "Second.")
    assert [message.content for message in reply.followups] == ["Refused: [40060]"]
    assert [refusal.code for refusal in reply.refusals] == [40060]


async def test_content_over_2000_characters_is_refused(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "long")

    assert reply.content == "Discord refused it (50035)."
    assert "content: Must be 2000 or fewer in length." in str(reply.refusals[0])


async def test_a_modal_is_opened_and_submitted(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "note")
    assert reply.modal is not None
    assert reply.modal["title"] == "Leave a note"

    submitted = await discord_emulator.submit(world.alice, reply, {"note-text": "Bring dice"})

    assert submitted.content == "Noted: Bring dice"


async def test_commands_needing_manage_channels_are_hidden_from_other_members(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    with pytest.raises(CommandUnavailable, match="lacks the permissions"):
        await discord_emulator.slash(world.bob, world.channel, "setup-here")

    reply = await discord_emulator.slash(world.alice, world.channel, "setup-here")

    guild_commands = discord_emulator.commands.scope(world.guild.id)
    global_names = [command["name"] for command in discord_emulator.commands.global_commands]
    assert reply.content == f"Registered {len(global_names)} commands here."
    assert sorted(command["name"] for command in guild_commands) == sorted(global_names)
    assert all(command["guild_id"] == str(world.guild.id) for command in guild_commands)
    echo = await discord_emulator.slash(world.bob, world.channel, "echo", text="guild copy")
    assert echo.interaction.payload["data"]["guild_id"] == str(world.guild.id)
    assert echo.content == "guild copy"


async def test_registered_commands_are_echoed_with_ids_and_keep_them_on_resync(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    first = {c["name"]: c["id"] for c in discord_emulator.commands.global_commands}

    await tiny.restart()

    again = {c["name"]: c["id"] for c in discord_emulator.commands.global_commands}
    assert again == first
    assert set(first) >= {"lov", "echo", "secret", "counter", "setup-here"}
    assert all(
        command["application_id"] == str(discord_emulator.application_id)
        for command in discord_emulator.commands.global_commands
    )


async def test_a_persistent_button_survives_a_restart_of_the_bot(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "counter")
    assert reply.message is not None
    await discord_emulator.click(world.bob, reply.message, "counter:0")

    await tiny.restart()
    second = await discord_emulator.click(world.alice, reply.message, "counter:1")

    assert second.message is reply.message
    assert reply.message.content == "Clicked 2 times"
    assert reply.message.custom_ids == ["counter:2"]
    with pytest.raises(ComponentUnavailable, match="no such component"):
        await discord_emulator.click(world.alice, reply.message, "counter:0")


async def test_the_bot_used_no_unknown_route(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    await discord_emulator.slash(world.alice, world.channel, "lov board")
    await discord_emulator.slash(world.alice, world.channel, "announce", text="Hi")
    await discord_emulator.slash(world.alice, world.channel, "dm", text="Hi")
    assert discord_emulator.unknown_routes == []

    headers = {"Authorization": f"Bot {discord_emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.put(f"{discord_emulator.api_base}/channels/1/pins/2", headers=headers) as response,
    ):
        assert response.status == 404
    assert discord_emulator.unknown_routes == ["PUT /channels/1/pins/2"]


async def test_a_file_in_the_first_response_and_reading_the_original_back(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "card")

    assert reply.content == "Your card."
    assert reply.message is not None
    assert reply.message.attachment("card.png").image_size() == (50, 70)
    [note] = reply.followups
    assert note.ephemeral
    assert note.content == "The card message has 1 file."


async def test_a_deferred_update_then_an_edit_of_the_original_message(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    ready = await discord_emulator.slash(world.alice, world.channel, "dice")
    assert ready.message is not None

    rolled = await discord_emulator.click(world.bob, ready.message, "roll")

    assert rolled.response_type == 6
    assert rolled.message is ready.message
    assert ready.message.content == "Rolled 5 and 3."
    assert [a.filename for a in ready.message.attachments] == ["dice.png"]
    assert ready.message.components == []


async def test_deleting_the_original_response(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "oops")

    assert reply.message is not None
    assert reply.message.deleted
    assert [message.content for message in reply.followups] == ["Never mind."]
    assert discord_emulator.history(world.channel) == []


async def test_channel_messages_are_created_edited_fetched_and_deleted(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    reply = await discord_emulator.slash(world.alice, world.channel, "countdown")

    assert reply.ephemeral
    assert reply.content == "Fetched: Go!"
    [kept, scratch] = reply.posted
    assert discord_emulator.history(world.channel) == [kept]
    assert kept.content == "Go!"
    assert kept.edit_count == 1
    assert scratch.deleted


async def test_user_select_sends_the_chosen_member(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    question = await discord_emulator.slash(world.alice, world.channel, "partner")
    assert question.message is not None

    answer = await discord_emulator.select(world.alice, question.message, "partner", [world.bob])

    assert answer.content == "alice trades with bob."


async def test_commands_in_direct_messages(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    private = discord_emulator.dm_channel(world.bob)

    reply = await discord_emulator.slash(world.bob, private, "echo", text="just us")

    assert reply.content == "just us"
    assert discord_emulator.dms(world.bob) == [reply.message]
    with pytest.raises(CommandUnavailable, match="cannot be used in DMs"):
        await discord_emulator.slash(world.bob, private, "setup-here")
