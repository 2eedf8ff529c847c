# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 slot memory variable in 'cache' written via put_variable helper from the raw fori_loop body (mutable=['cache'])
"""Dialogue state tracking: slot values updated turn by turn from utterance encodings."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TrackerConfig:
    num_slots: int = 4
    slot_dim: int = 12
    utter_dim: int = 10


class SlotGate(nn.Module):
    cfg: TrackerConfig

    @nn.compact
    def __call__(self, slots, utterance):
        u = nn.Dense(self.cfg.slot_dim, name="utter_proj")(utterance)
        gate = nn.sigmoid(nn.Dense(1, name="gate")(slots * u[None]))
        return gate * jnp.tanh(u)[None] + (1 - gate) * slots


class SlotMemory(nn.Module):
    cfg: TrackerConfig

    def setup(self):
        self.gate = SlotGate(self.cfg)

    def read(self):
        if self.has_variable("cache", "slots"):
            return self.get_variable("cache", "slots")
        return jnp.zeros((self.cfg.num_slots, self.cfg.slot_dim))

    def write(self, slots):
        self.put_variable("cache", "slots", slots)

    def __call__(self, utterance):
        slots = self.gate(self.read(), utterance)
        self.write(slots)
        return slots


class DialogueTracker(nn.Module):
    cfg: TrackerConfig

    def setup(self):
        self.memory = SlotMemory(self.cfg)
        self.classifier = nn.Dense(3)

    def __call__(self, turns):
        def turn(i, logits):
            slots = self.memory(turns[i])
            return logits + self.classifier(slots)

        logits = jnp.zeros((self.cfg.num_slots, 3))
        if self.is_initializing():
            return turn(0, logits)
        return jax.lax.fori_loop(0, turns.shape[0], turn, logits)


def main():
    cfg = TrackerConfig()
    model = DialogueTracker(cfg)
    turns = jax.random.normal(jax.random.key(3), (5, cfg.utter_dim))
    variables = model.init(jax.random.key(0), turns)
    logits, state = model.apply({"params": variables["params"]}, turns, mutable=["cache"])
    belief = jax.nn.softmax(logits, -1)
    slots = state["cache"]["memory"]["slots"]
    print("belief", belief.argmax(-1).tolist(), "slot norm", float(jnp.linalg.norm(slots)))
    return None
