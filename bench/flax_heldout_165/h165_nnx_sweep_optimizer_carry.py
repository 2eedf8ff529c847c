# label: ok
# flax-error: none
# class: 4 SweepRunner.trials[i].model and .optimizer (an nnx.Optimizer) reached through the runner and its Trial, nnx.split before the scan, merged in the body and carried as state
"""Hyperparameter sweep runner: each trial fine-tunes a small regressor for a few steps with its
own learning rate and reports the final loss to the sweep."""

import dataclasses

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax


@dataclasses.dataclass(frozen=True)
class TrialSpec:
    learning_rate: float
    hidden: int


class Regressor(nnx.Module):
    def __init__(self, hidden, rngs: nnx.Rngs):
        self.inp = nnx.Linear(5, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.inp(x)))[:, 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trial:
    def __init__(self, spec: TrialSpec, seed: int):
        self.spec = spec
        self.model = Regressor(spec.hidden, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(spec.learning_rate), wrt=nnx.Param)


class SweepRunner:
    def __init__(self, specs):
        self.trials = [Trial(spec, seed) for seed, spec in enumerate(specs)]

    def fit_trial(self, index, xs, ys):
        trial = self.trials[index]

        graphdef, state = nnx.split((trial.model, trial.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((trial.model, trial.optimizer), state)
        return losses[-1]

    def run(self, xs, ys):
        return {trial.spec: float(self.fit_trial(i, xs, ys)) for i, trial in enumerate(self.trials)}


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 5))
    ys = xs.sum(-1) * 0.5
    specs = [TrialSpec(lr, 8) for lr in (1e-2, 3e-3)]
    SweepRunner(specs).run(xs, ys)
    return None
