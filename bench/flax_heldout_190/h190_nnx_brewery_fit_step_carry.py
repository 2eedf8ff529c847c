# label: ok
# flax-error: none
# class: 5 make_fit_step returns a step (jax.checkpoint-wrapped when FitConfig.remat_step); BatchFitter's model and nnx.Optimizer enter and leave the lax.scan body in the carry and are written back with nnx.update
"""Fermentation gravity-curve fitting for a craft brewery.

Each fermenter logs (hours since pitch, temperature) against specific gravity. The fitter
refreshes a small curve model on the day's batches; the step can be rematerialised by a config
flag because the same code runs on the brewery's tiny edge gateway.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class GravityCurve(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclasses.dataclass(frozen=True)
class FitConfig:
    lr: float = 1e-2
    remat_step: bool = True


def make_fit_step(cfg: FitConfig):
    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def step(carry, batch):
        model, optimizer, total = carry
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return (model, optimizer, total + loss), loss

    return jax.checkpoint(step) if cfg.remat_step else step


class BatchFitter:
    def __init__(self, model: GravityCurve, cfg: FitConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
        self.step = make_fit_step(cfg)

    def fit(self, batches):
        carry = (self.model, self.optimizer, jnp.float32(0.0))
        (model, optimizer, total), losses = lax.scan(self.step, carry, batches)
        nnx.update((self.model, self.optimizer), nnx.state((model, optimizer)))
        return total / losses.shape[0]


def main():
    hours = jnp.linspace(0.0, 1.0, 5 * 12).reshape(5, 12)
    temps = jnp.full((5, 12), 0.4)
    x = jnp.stack([hours, temps], axis=-1)
    gravity = 1.050 - 0.04 * (1.0 - jnp.exp(-3.0 * hours))
    fitter = BatchFitter(GravityCurve(nnx.Rngs(0)), FitConfig())
    fitter.fit((x, gravity))
    return None
