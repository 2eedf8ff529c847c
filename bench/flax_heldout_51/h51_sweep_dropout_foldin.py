# label: ok
# flax-error: none
# class: 3 a step-function factory driven by a sweep config closes over the run's dropout key and folds in the step index
"""Hyperparameter sweep over dropout rates: for each config a factory builds a train step that
closes over the model, the optimizer and the run's dropout key; the epoch is one lax.scan.
main() returns the dropout keep-masks of the last run, one row per step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import scan


class MaskedDropout(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        if deterministic or self.rate == 0.0:
            return x, jnp.ones_like(x, dtype=bool)
        keep = jax.random.bernoulli(self.make_rng("dropout"), 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0), keep


class SweepMLP(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(32)(x)
        h, keep = MaskedDropout(self.rate)(h, deterministic=not train)
        return nn.Dense(1)(nn.relu(h)), keep


@dataclass(frozen=True)
class SweepConfig:
    dropout_rate: float
    learning_rate: float
    seed: int


def make_train_step(model, tx, dropout_key):
    def step(carry, batch):
        params, opt_state, i = carry
        x, y = batch
        step_key = jax.random.fold_in(dropout_key, i)

        def loss_fn(p):
            pred, keep = model.apply({"params": p}, x, train=True, rngs={"dropout": step_key})
            return jnp.mean((pred - y) ** 2), keep

        (loss, keep), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state, i + 1), keep

    return step


def run(config, xs, ys):
    model = SweepMLP(config.dropout_rate)
    init_key, dropout_key = jax.random.split(jax.random.PRNGKey(config.seed))
    params = model.init(init_key, xs[0])["params"]
    tx = optax.adam(config.learning_rate)
    step = make_train_step(model, tx, dropout_key)
    _, masks = scan(step, (params, tx.init(params), jnp.array(0)), (xs, ys))
    return masks


def main():
    xs = jax.random.normal(jax.random.PRNGKey(42), (6, 4, 8))
    ys = xs.mean(-1, keepdims=True)
    sweep = [SweepConfig(r, lr, seed) for seed, (r, lr) in enumerate([(0.1, 1e-3), (0.3, 3e-3)])]
    masks = None
    for config in sweep:
        masks = run(config, xs, ys)
    return masks
