# label: ok
# flax-error: none
# class: 4 functools.partial(model.apply, mutable=['telemetry']) kept on OccupancyHandler is reached from the while_loop body through a chain of handlers; the telemetry collection rides in the loop carry inside the frame
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

    def handle(self, packet):
        packet = self.process(packet)
        return self.successor.handle(packet) if self.successor else packet

    def process(self, packet):
        return packet


class DebounceHandler(Handler):
    def process(self, packet):
        return {**packet, "x": jnp.clip(packet["x"], -3.0, 3.0)}


class OccupancyHandler(Handler):
    def __init__(self, apply_fn, params, successor=None):
        super().__init__(successor)
        self.apply_fn = apply_fn
        self.params = params

    def process(self, packet):
        occupancy, updates = self.apply_fn({"params": self.params, **packet["telemetry"]}, packet["x"])
        return {"x": occupancy, "telemetry": updates}


class AspectHandler(Handler):
    def process(self, packet):
        return {**packet, "x": jnp.where(packet["x"] > 0.5, 0.0, 1.0)}


def settle(chain, frame0, telemetry, max_rounds=8):
    def cond(carry):
        i, frame, tele, changed = carry
        return jnp.logical_and(i < max_rounds, changed)

    def body(carry):
        i, frame, tele, _ = carry
        out = chain.handle({"x": frame, "telemetry": tele})
        nxt = 0.5 * frame + 0.5 * out["x"]
        return i + 1, nxt, out["telemetry"], jnp.any(jnp.abs(nxt - frame) > 1e-3)

    return lax.while_loop(cond, body, (0, frame0, telemetry, jnp.array(True)))


def main():
    model = BlockDetector()
    frame0 = jax.random.normal(jax.random.key(0), (6,))
    variables = model.init(jax.random.key(1), frame0)
    apply_fn = functools.partial(model.apply, mutable=["telemetry"])
    chain = DebounceHandler(OccupancyHandler(apply_fn, variables["params"], AspectHandler()))
    telemetry = {"telemetry": variables["telemetry"]}
    rounds, frame, telemetry, _ = settle(chain, frame0, telemetry)
    frame.block_until_ready()
    return None
