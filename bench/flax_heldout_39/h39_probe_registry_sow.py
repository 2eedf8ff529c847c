# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the GRU encoder sows each hidden state into 'intermediates' from inside its raw scan body; a probe registry reads them after apply
"""Activation probes for a GRU encoder: probes register by name and read the 'intermediates' collection."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

PROBES: Dict[str, Callable] = {}


def register_probe(name):
    def wrap(fn):
        PROBES[name] = fn
        return fn
    return wrap


@register_probe("hidden_norm")
def hidden_norm(intermediates):
    hs = jnp.stack(intermediates["encoder"]["hidden"])
    return jnp.linalg.norm(hs, axis=-1).mean()


@register_probe("saturation")
def saturation(intermediates):
    hs = jnp.stack(intermediates["encoder"]["hidden"])
    return (jnp.abs(hs) > 0.95).mean()


class GRUEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):  # [time, batch, feat]
        cell = nn.GRUCell(self.hidden, name="cell")
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        if self.is_initializing():
            cell(carry, xs[0])

        def step(h, x):
            h, y = cell(h, x)
            self.sow("intermediates", "hidden", h)
            return h, y

        h, ys = scan(step, carry, xs)
        return ys


class Classifier(nn.Module):
    hidden: int = 8
    classes: int = 3

    @nn.compact
    def __call__(self, xs):
        ys = GRUEncoder(self.hidden, name="encoder")(xs)
        return nn.Dense(self.classes)(ys[-1])


def run_probes(model, params, xs, names=("hidden_norm", "saturation")):
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    return {n: PROBES[n](state["intermediates"]) for n in names}


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.key(1), (5, 2, 4))
    params = model.init(jax.random.key(0), xs)["params"]
    report = run_probes(model, params, xs)
    print({k: float(v) for k, v in report.items()})
    return None
