# label: ok
# flax-error: none
# class: 3 the trainer's bound _train_step is the lax.fori_loop body and merges the ensemble and optimizer from nnx.split state carried through the loop
"""Bayesian optimisation of a 1-D black-box function with a deep-ensemble surrogate and UCB."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass
class BOConfig:
    n_members: int = 3
    hidden: int = 24
    fit_steps: int = 25
    lr: float = 1e-2
    beta: float = 2.0


def objective(x):
    return jnp.sin(3.0 * x) + 0.3 * x ** 2


class GaussianMLP(nnx.Module):
    def __init__(self, hidden, rngs):
        self.l1 = nnx.Linear(1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 2, rngs=rngs)

    def __call__(self, x):
        out = self.l2(nnx.tanh(self.l1(x[:, None])))
        return out[:, 0], nnx.softplus(out[:, 1]) + 1e-3


class DeepEnsemble(nnx.Module):
    def __init__(self, cfg, rngs):
        self.members = nnx.List([GaussianMLP(cfg.hidden, rngs) for _ in range(cfg.n_members)])

    def __call__(self, x):
        outs = [m(x) for m in self.members]
        return jnp.stack([o[0] for o in outs]), jnp.stack([o[1] for o in outs])


def gaussian_nll(ensemble, x, y):
    mu, var = ensemble(x)
    return jnp.mean(0.5 * jnp.log(var) + 0.5 * (y - mu) ** 2 / var)


class EnsembleTrainer:
    def __init__(self, ensemble, cfg):
        self.ensemble, self.cfg = ensemble, cfg
        self.opt = nnx.Optimizer(ensemble, optax.adam(cfg.lr), wrt=nnx.Param)

    def _train_step(self, i, carry):
        state, total = carry
        ensemble, opt = nnx.merge(self.graphdef, state)
        loss, grads = nnx.value_and_grad(gaussian_nll)(ensemble, self.x, self.y)
        opt.update(ensemble, grads)
        return nnx.state((ensemble, opt)), total + loss

    def fit(self, x, y):
        self.x, self.y = x, y
        self.graphdef, state = nnx.split((self.ensemble, self.opt))
        state, total = jax.lax.fori_loop(0, self.cfg.fit_steps, self._train_step, (state, 0.0))
        nnx.update((self.ensemble, self.opt), state)
        return total


def propose(ensemble, candidates, beta):
    mu, var = ensemble(candidates)
    mean = mu.mean(0)
    std = jnp.sqrt(var.mean(0) + mu.var(0))
    return candidates[jnp.argmin(mean - beta * std)]


def main():
    cfg = BOConfig()
    ensemble = DeepEnsemble(cfg, nnx.Rngs(0))
    trainer = EnsembleTrainer(ensemble, cfg)
    x = jnp.array([-1.5, 0.2, 1.3])
    candidates = jnp.linspace(-2.0, 2.0, 41)
    for _ in range(2):
        trainer.fit(x, objective(x))
        x = jnp.append(x, propose(ensemble, candidates, cfg.beta))
    print(x)
    return None
