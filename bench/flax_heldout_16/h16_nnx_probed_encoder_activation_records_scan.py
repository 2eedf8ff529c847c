# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the ActivationProbe inside each EncoderBlock of the model's nnx.List appends to its records list while an evaluation helper runs the model in the scan body
"""Encoder with activation probes used to monitor layer statistics during evaluation (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    in_dim: int = 6
    width: int = 12
    depth: int = 3
    num_batches: int = 4


class ActivationProbe(nnx.Module):
    def __init__(self, name):
        self.name = name
        self.records = []

    def __call__(self, h):
        self.records.append(jnp.stack([h.mean(), h.std(), (h > 0).mean()]))
        return h


class EncoderBlock(nnx.Module):
    def __init__(self, width, index, *, rngs):
        self.norm = nnx.LayerNorm(width, rngs=rngs)
        self.fc = nnx.Linear(width, width, rngs=rngs)
        self.probe = ActivationProbe(f"block_{index}")

    def __call__(self, x):
        return x + self.probe(nnx.relu(self.fc(self.norm(x))))


class ProbedEncoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.stem = nnx.Linear(cfg.in_dim, cfg.width, rngs=rngs)
        self.blocks = nnx.List([EncoderBlock(cfg.width, i, rngs=rngs) for i in range(cfg.depth)])

    def __call__(self, x):
        x = self.stem(x)
        for block in self.blocks:
            x = block(x)
        return x

    def probes(self):
        return [block.probe for block in self.blocks]


def evaluate(model, batches):
    def body(total, x):
        return total + model(x).mean(), None

    total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
    return total / batches.shape[0]


def summarize_probes(model):
    return {p.name: jnp.stack(p.records).mean(0) for p in model.probes()}


def main():
    cfg = EncoderConfig()
    model = ProbedEncoder(cfg, rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (cfg.num_batches, 5, cfg.in_dim))
    evaluate(model, batches)
    summary = summarize_probes(model)
    assert len(summary) == cfg.depth
    return None
