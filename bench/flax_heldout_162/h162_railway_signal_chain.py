# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frames" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 functools.partial(model.apply, variables) kept on OccupancyHandler is reached from the while_loop body through a chain of handlers; the model bumps its 'telemetry' counter, which is immutable
"""Railway block signalling: track-circuit frames pass through a chain of
handlers (debounce -> occupancy model -> aspect) until the section settles."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BlockDetector(nn.Module):
    blocks: int = 6

    @nn.compact
    def __call__(self, frame):
        seen = self.variable("telemetry", "frames", lambda: jnp.zeros((), jnp.int32))
        seen.value += 1
        return nn.sigmoid(nn.Dense(self.blocks)(frame))


class Handler:
    def __init__(self, successor=None):
        self.successor = successor

    def handle(self, frame):
        frame = self.process(frame)
        return self.successor.handle(frame) if self.successor else frame

    def process(self, frame):
        return frame


class DebounceHandler(Handler):
    def process(self, frame):
        return jnp.clip(frame, -3.0, 3.0)


class OccupancyHandler(Handler):
    def __init__(self, apply_fn, successor=None):
        super().__init__(successor)
        self.apply_fn = apply_fn

    def process(self, frame):
        return self.apply_fn(frame)


class AspectHandler(Handler):
    def process(self, occupancy):
        return jnp.where(occupancy > 0.5, 0.0, 1.0)


def settle(chain, frame0, max_rounds=8):
    def cond(carry):
        i, frame, changed = carry
        return jnp.logical_and(i < max_rounds, changed)

    def body(carry):
        i, frame, _ = carry
        aspects = chain.handle(frame)
        nxt = 0.5 * frame + 0.5 * aspects
        return i + 1, nxt, jnp.any(jnp.abs(nxt - frame) > 1e-3)

    return lax.while_loop(cond, body, (0, frame0, jnp.array(True)))


def main():
    model = BlockDetector()
    frame0 = jax.random.normal(jax.random.key(0), (6,))
    variables = model.init(jax.random.key(1), frame0)
    chain = DebounceHandler(OccupancyHandler(functools.partial(model.apply, variables), AspectHandler()))
    rounds, frame, _ = settle(chain, frame0)
    frame.block_until_ready()
    return None
