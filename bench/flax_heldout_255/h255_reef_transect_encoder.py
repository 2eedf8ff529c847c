# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the encoder's own __call__ runs jax.lax.scan over the quadrats and its Dense cell is first called (and its params created) inside the body
from __future__ import annotations

from typing import NamedTuple, Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn


class Quadrat(NamedTuple):
    coral_cover: float
    bleaching: float
    rubble: float


class TransectEncoder(nn.Module):
    """Summarises a reef transect, quadrat by quadrat, into one survey vector."""

    features: int = 6

    @nn.compact
    def __call__(self, quadrats):
        cell = nn.Dense(self.features, name="cell")
        inject = nn.Dense(self.features, name="inject")
        drive = inject(quadrats)

        def visit(state, quadrat_drive):
            state = jnp.tanh(cell(state) + quadrat_drive)
            return state, state

        start = jnp.zeros((self.features,), quadrats.dtype)
        summary, _ = jax.lax.scan(visit, start, drive)
        return summary


class ReefHealthHead(nn.Module):
    @nn.compact
    def __call__(self, quadrats):
        summary = TransectEncoder(name="transect")(quadrats)
        return nn.Dense(1, name="health")(summary)


def as_array(quadrats: Sequence[Quadrat]):
    return jnp.asarray([[q.coral_cover, q.bleaching, q.rubble] for q in quadrats], jnp.float32)


def survey_north_transect():
    return [
        Quadrat(0.62, 0.10, 0.05),
        Quadrat(0.55, 0.21, 0.08),
        Quadrat(0.40, 0.35, 0.12),
        Quadrat(0.33, 0.42, 0.20),
        Quadrat(0.48, 0.18, 0.09),
    ]


def main():
    quadrats = as_array(survey_north_transect())
    head = ReefHealthHead()
    variables = head.init(jax.random.PRNGKey(3), quadrats)
    score = head.apply(variables, quadrats)
    jax.block_until_ready(score)
    return None
