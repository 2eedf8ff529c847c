# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ChangeDetector.__call__ scans over revisits and the body calls self.temporal.cell, the GRU cell of a child encoder built from the model zoo
"""Change detection over a stack of satellite revisits, looked up in the model zoo by name."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_ZOO: dict[str, type[nn.Module]] = {}


def register_model(name):
    def decorator(cls):
        MODEL_ZOO[name] = cls
        return cls
    return decorator


@dataclasses.dataclass(frozen=True)
class TileSpec:
    bands: int = 4
    hidden: int = 8
    revisits: int = 5
    tiles_per_batch: int = 2


class TemporalEncoder(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)

    def initial_state(self, batch):
        return jnp.zeros((batch, self.hidden))


@register_model("change-detector/gru-small")
class ChangeDetector(nn.Module):
    spec: TileSpec

    def setup(self):
        self.temporal = TemporalEncoder(self.spec.hidden)
        self.score = nn.Dense(1)

    def __call__(self, revisits):
        def advance(h, frame):
            h, out = self.temporal.cell(h, frame)
            return h, out

        h0 = self.temporal.initial_state(revisits.shape[1])
        h, _ = jax.lax.scan(advance, h0, revisits)
        return jax.nn.sigmoid(self.score(h))


def build_model(name: str, spec: TileSpec) -> nn.Module:
    try:
        return MODEL_ZOO[name](spec=spec)
    except KeyError as err:
        raise ValueError(f"unknown model {name!r}, known: {sorted(MODEL_ZOO)}") from err


def load_revisits(spec: TileSpec, seed: int = 0):
    key = jax.random.key(seed)
    return jax.random.uniform(key, (spec.revisits, spec.tiles_per_batch, spec.bands))


def main():
    spec = TileSpec()
    detector = build_model("change-detector/gru-small", spec)
    revisits = load_revisits(spec)
    variables = detector.init(jax.random.key(1), revisits)
    probabilities = detector.apply(variables, revisits)
    jax.block_until_ready(probabilities)
