# label: ok
# flax-error: none
# class: 3 the params reach the scan body as TimetableService.variables; the decode cache enters and leaves through the carry with mutable=['cache']
"""Ferry scheduling: greedy decoding of a departure-slot sequence with a recurrent cache."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SlotDecoder(nn.Module):
    n_slots: int = 12
    width: int = 16

    @nn.compact
    def __call__(self, slot):
        embedded = nn.Embed(self.n_slots, self.width, name="slot_embed")(slot)
        decoding = self.has_variable("cache", "memory")
        memory = self.variable("cache", "memory", jnp.zeros, (self.width,))
        position = self.variable("cache", "position", lambda: jnp.array(0, jnp.int32))
        if decoding:
            memory.value = 0.7 * memory.value + embedded
            position.value = position.value + 1
        hidden = nn.tanh(nn.Dense(self.width, name="mix")(memory.value + embedded))
        return nn.Dense(self.n_slots, name="logits")(hidden)


class TimetableService:
    def __init__(self, decoder: SlotDecoder, variables, horizon: int):
        self.decoder = decoder
        self.variables = variables
        self.horizon = horizon

    def next_slot(self, slot, cache):
        logits, updated = self.decoder.apply(
            {"params": self.variables["params"], "cache": cache}, slot, mutable=["cache"])
        return jnp.argmax(logits).astype(jnp.int32), updated["cache"]

    def plan_day(self, first_slot):
        def depart(carry, _):
            slot, cache = carry
            following, cache = self.next_slot(slot, cache)
            return (following, cache), following

        _, slots = scan(depart, (first_slot, self.variables["cache"]), None, length=self.horizon)
        return slots


def main():
    decoder = SlotDecoder()
    first = jnp.array(3, jnp.int32)
    variables = decoder.init(jax.random.key(0), first)
    service = TimetableService(decoder, variables, horizon=10)
    slots = service.plan_day(first)
    jax.block_until_ready(slots)
    return None
