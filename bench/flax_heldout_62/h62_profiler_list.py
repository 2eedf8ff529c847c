# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a Profiler attached to the trainer records grad norms from the scan body into Python lists; the summary stacks them
"""Scan-based training loop with an optimizer picked from a config registry and a profiling
utility attached to the trainer that records per-step gradient norms."""
from collections import defaultdict

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

OPTIMIZERS = {
    "adam": lambda cfg: optax.adam(cfg["lr"]),
    "sgd": lambda cfg: optax.sgd(cfg["lr"], momentum=0.9),
}


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.swish(nn.Dense(32)(x)))


class Profiler:
    def __init__(self):
        self.records = defaultdict(list)

    def record(self, name, value):
        self.records[name].append(value)

    def summary(self):
        return {k: float(jnp.mean(jnp.stack(v))) for k, v in self.records.items()}


class Trainer:
    def __init__(self, model, cfg, profiler=None):
        self.model = model
        self.tx = OPTIMIZERS[cfg["optimizer"]](cfg)
        self.profiler = profiler

    def fit(self, params, xs, ys):
        opt_state = self.tx.init(params)

        def loss_fn(p, x, y):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def step(carry, batch):
            p, s = carry
            loss, grads = jax.value_and_grad(loss_fn)(p, *batch)
            if self.profiler is not None:
                self.profiler.record("grad_norm", optax.global_norm(grads))
            updates, s = self.tx.update(grads, s, p)
            return (optax.apply_updates(p, updates), s), loss

        (params, _), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
        return params, losses


def main():
    cfg = {"optimizer": "adam", "lr": 1e-3}
    model = Regressor()
    xs = jax.random.normal(jax.random.key(0), (10, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    params = model.init(jax.random.key(1), xs[0])["params"]
    profiler = Profiler()
    trainer = Trainer(model, cfg, profiler)
    trainer.fit(params, xs, ys)
    profiler.summary()
    return None
