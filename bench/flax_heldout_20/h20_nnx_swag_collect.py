# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body of SWAGTrainer.run() calls collector.collect() -> _running_moments() -> nnx.update() on the collector's mean/second-moment modules
"""SWAG (stochastic weight averaging Gaussian) on a small regression network.

SGD runs with a constant learning rate in a raw fori_loop that carries the parameter
state; after every step the first and second moments of the iterates are refreshed.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SWAGConfig:
    in_dim: int = 3
    hidden: int = 16
    lr: float = 0.05
    steps: int = 8


class Net(nnx.Module):
    def __init__(self, cfg: SWAGConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x))).squeeze(-1)


class MomentCollector:
    def __init__(self, model: Net):
        self.mean_model, self.sq_model = nnx.clone(model), nnx.clone(model)

    def _running_moments(self, params, n):
        mean = nnx.state(self.mean_model, nnx.Param)
        sq = nnx.state(self.sq_model, nnx.Param)
        new_mean = jax.tree.map(lambda m, p: (n * m + p) / (n + 1), mean, params)
        new_sq = jax.tree.map(lambda s, p: (n * s + p**2) / (n + 1), sq, params)
        nnx.update(self.mean_model, new_mean)
        nnx.update(self.sq_model, new_sq)

    def collect(self, params, n):
        self._running_moments(params, n)


class SWAGTrainer:
    def __init__(self, model: Net, cfg: SWAGConfig):
        self.cfg = cfg
        self.graphdef, self.params = nnx.split(model, nnx.Param)
        self.tx = optax.sgd(cfg.lr, momentum=0.9)
        self.collector = MomentCollector(model)

    def _loss(self, params, x, y):
        return jnp.mean((nnx.merge(self.graphdef, params)(x) - y) ** 2)

    def run(self, x, y):
        def body(step, carry):
            params, opt_state = carry
            grads = jax.grad(self._loss)(params, x, y)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            self.collector.collect(params, step)
            return params, opt_state

        carry = (self.params, self.tx.init(self.params))
        self.params, _ = jax.lax.fori_loop(0, self.cfg.steps, body, carry)


def main():
    cfg = SWAGConfig()
    x = jax.random.normal(jax.random.key(0), (32, cfg.in_dim))
    y = jnp.sin(x).sum(-1)
    trainer = SWAGTrainer(Net(cfg, nnx.Rngs(1)), cfg)
    trainer.run(x, y)
    return None
