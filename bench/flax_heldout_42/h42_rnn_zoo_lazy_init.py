# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the encoder's __call__ runs a raw lax.scan whose body calls a submodule bound to self; during init its params are created inside the scan
"""Sequence-encoder zoo: models are registered by name and built from a config dict.

The GRU encoder steps its cell with a raw `jax.lax.scan` inside `__call__`.
"""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

MODEL_REGISTRY: Dict[str, Callable[..., nn.Module]] = {}


def register(name):
    def wrap(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return wrap


@register("gru_encoder")
class GRUEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden, name="cell")
        carry = jnp.zeros(xs.shape[:1] + (self.hidden,))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        # time-major scan over the sequence
        h, ys = jax.lax.scan(step, carry, jnp.swapaxes(xs, 0, 1))
        return nn.Dense(4, name="head")(h)


@dataclasses.dataclass
class ZooConfig:
    name: str = "gru_encoder"
    kwargs: dict = dataclasses.field(default_factory=lambda: {"hidden": 16})
    seq_len: int = 5
    in_dim: int = 3


def build_model(cfg: ZooConfig) -> nn.Module:
    return MODEL_REGISTRY[cfg.name](**cfg.kwargs)


def main():
    cfg = ZooConfig()
    model = build_model(cfg)
    xs = jnp.ones((2, cfg.seq_len, cfg.in_dim))
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(variables, xs)
    logits.block_until_ready()
    return None
