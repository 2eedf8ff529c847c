# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TackPlanner.__call__ runs lax.scan over wind shifts and calls its own setup submodule (first created during init) in the body
"""Race-tactics planner: scores a tack/hold decision for each wind shift on the beat.

Shaped like a tactics service's core model; the heading head is declared in setup()
and first used inside the scan over shifts.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class CourseConfig:
    legs: int = 6
    features: int = 4  # true wind angle, true wind speed, current set, current drift
    hidden: int = 8


class TackPlanner(nn.Module):
    cfg: CourseConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden, name="encoder")
        self.heading_head = nn.Dense(2, name="heading_head")  # [hold, tack] logits

    def __call__(self, shifts):
        # shifts: [legs, features]
        def leg(carry, shift):
            boat_state = carry
            h = nn.tanh(self.encoder(shift) + boat_state)
            logits = self.heading_head(h)
            return h, jax.nn.log_softmax(logits)

        init = jnp.zeros((self.cfg.hidden,))
        _, decisions = lax.scan(leg, init, shifts)
        return decisions


class TacticsService:
    def __init__(self, cfg: CourseConfig, seed: int = 0):
        self.cfg = cfg
        self.model = TackPlanner(cfg)
        sample = jnp.zeros((cfg.legs, cfg.features))
        self.variables = self.model.init(jax.random.key(seed), sample)

    def plan(self, shifts):
        return self.model.apply(self.variables, shifts)


def main():
    cfg = CourseConfig()
    service = TacticsService(cfg)
    shifts = jnp.linspace(-1.0, 1.0, cfg.legs * cfg.features).reshape(cfg.legs, cfg.features)
    decisions = service.plan(shifts)
    decisions.block_until_ready()
    return None
