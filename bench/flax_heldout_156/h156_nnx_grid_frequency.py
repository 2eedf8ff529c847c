# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HANDLERS[Phase.RUN] reaches ctx.ema (an EmaHolder) that lazily nnx.clone()s the module merged inside the while_loop body; the clone is used again after the loop
"""Power-grid frequency regulation: enum-dispatched handlers and a lazily built EMA copy."""
import enum
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Phase(enum.Enum):
    WARMUP = "warmup"
    RUN = "run"


class DroopController(nnx.Module):
    def __init__(self, inputs, rngs):
        self.gain = nnx.Linear(inputs, 1, rngs=rngs)

    def __call__(self, deviation):
        return jnp.tanh(self.gain(deviation))[..., 0]


class EmaHolder:
    """Builds the shadow (EMA) controller on first use."""

    def __init__(self):
        self._shadow = None

    def get(self, model):
        if self._shadow is None:
            self._shadow = nnx.clone(model)
        return self._shadow


@dataclass
class RegulationContext:
    phase: Phase
    ema: EmaHolder = field(default_factory=EmaHolder)


def warmup_handler(ctx, model, deviation):
    return jnp.zeros(deviation.shape[:1])


def run_handler(ctx, model, deviation):
    shadow = ctx.ema.get(model)
    return 0.5 * (model(deviation) + shadow(deviation))


HANDLERS = {Phase.WARMUP: warmup_handler, Phase.RUN: run_handler}


def regulate(ctx, controller, deviations):
    graphdef, state = nnx.split(controller)
    handler = HANDLERS[ctx.phase]

    def body(carry):
        i, state, effort = carry
        model = nnx.merge(graphdef, state)
        response = handler(ctx, model, deviations[i])
        return i + 1, nnx.state(model), effort + jnp.sum(jnp.abs(response))

    _, state, effort = lax.while_loop(
        lambda c: c[0] < deviations.shape[0], body, (0, state, jnp.zeros(()))
    )
    nnx.update(controller, state)
    return effort


def main():
    controller = DroopController(inputs=3, rngs=nnx.Rngs(0))
    deviations = 0.05 * jax.random.normal(jax.random.key(2), (6, 4, 3))
    ctx = RegulationContext(Phase.RUN)
    regulate(ctx, controller, deviations)
    print(ctx.ema.get(controller)(deviations[0]))
    return None
