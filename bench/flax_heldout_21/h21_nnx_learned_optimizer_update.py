# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the unroller's bound _inner_step is the lax.scan body and calls a helper that writes the LSTM-proposed parameters into the optimizee with nnx.update
"""Learned optimizer: a coordinate-wise LSTM proposes parameter updates for a small regression net."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.flatten_util import ravel_pytree


@dataclass(frozen=True)
class LOptConfig:
    hidden: int = 8
    scale: float = 0.05
    unroll: int = 6


class Optimizee(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))[:, 0]


class LSTMOptimizer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cell = nnx.LSTMCell(2, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.scale = cfg.scale

    def __call__(self, grads, params, carry):
        feats = jnp.stack([jnp.sign(grads) * jnp.log1p(jnp.abs(grads)), params], axis=-1)
        carry, h = self.cell(carry, feats)
        return -self.scale * self.out(h)[:, 0], carry


def apply_learned_update(optimizee, lopt, graphdef, batch, carry):
    params = nnx.state(optimizee, nnx.Param)
    loss_of = lambda p: jnp.mean((nnx.merge(graphdef, p)(batch[0]) - batch[1]) ** 2)
    loss, grads = jax.value_and_grad(loss_of)(params)
    flat_p, unravel = ravel_pytree(params)
    step, carry = lopt(ravel_pytree(grads)[0], flat_p, carry)
    nnx.update(optimizee, unravel(flat_p + step))
    return loss, carry


class Unroller:
    def __init__(self, optimizee, lopt, cfg):
        self.optimizee, self.lopt, self.cfg = optimizee, lopt, cfg
        self.graphdef = nnx.graphdef(optimizee)

    def _inner_step(self, carry, batch):
        loss, carry = apply_learned_update(self.optimizee, self.lopt, self.graphdef, batch, carry)
        return carry, loss

    def run(self, batches):
        n = ravel_pytree(nnx.state(self.optimizee, nnx.Param))[0].size
        carry = (jnp.zeros((n, self.cfg.hidden)), jnp.zeros((n, self.cfg.hidden)))
        _, losses = jax.lax.scan(self._inner_step, carry, batches)
        return losses


def main():
    cfg = LOptConfig()
    rngs = nnx.Rngs(0)
    unroller = Unroller(Optimizee(rngs), LSTMOptimizer(cfg, rngs), cfg)
    x = jax.random.normal(jax.random.key(1), (cfg.unroll, 16, 3))
    batches = (x, jnp.sin(x).sum(-1))
    losses = unroller.run(batches)
    print(losses)
    return None
