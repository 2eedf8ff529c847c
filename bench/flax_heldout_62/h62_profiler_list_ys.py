# label: ok
# flax-error: none
# class: 3 a Profiler attached to the trainer; the scan body returns grad norms as ys, recorded after the loop
"""Scan-based training loop with an optimizer picked from a config registry and a profiling
utility attached to the trainer; per-step gradient norms leave the scan as outputs."""
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
            updates, s = self.tx.update(grads, s, p)
            return (optax.apply_updates(p, updates), s), (loss, optax.global_norm(grads))

        (params, _), (losses, grad_norms) = jax.lax.scan(step, (params, opt_state), (xs, ys))
        if self.profiler is not None:
            for g in grad_norms:
                self.profiler.record("grad_norm", g)
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
