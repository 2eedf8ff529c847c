# label: ok
# flax-error: none
# class: 4 a factory builds the raw scan body over a list of (module, params) pairs, applied purely and jitted
"""Deep-ensemble evaluation over a trajectory of inputs (project excerpt)."""
from dataclasses import dataclass, field
from typing import Callable, List, Tuple

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass
class EnsembleConfig:
    members: int = 3
    widths: Tuple[int, ...] = (16, 8, 16)
    out_dim: int = 2
    seed: int = 0


class Member(nn.Module):
    width: int
    out_dim: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.width)(x)
        h = nn.LayerNorm()(h)
        h = nn.Dropout(0.2, deterministic=not train)(nn.silu(h))
        return nn.Dense(self.out_dim)(h)


def build_ensemble(cfg: EnsembleConfig, sample_x):
    keys = jax.random.split(jax.random.PRNGKey(cfg.seed), cfg.members)
    members = [Member(w, cfg.out_dim) for w in cfg.widths[: cfg.members]]
    params = [m.init(k, sample_x) for m, k in zip(members, keys)]
    return members, params


def make_eval_step(members: List[nn.Module]) -> Callable:
    def step(params_list, carry, x):
        preds = jnp.stack([m.apply(p, x) for m, p in zip(members, params_list)])
        mean = preds.mean(0)
        var = preds.var(0)
        return carry + var.sum(), (mean, var)
    return step


def evaluate(members, params_list, xs):
    step = make_eval_step(members)

    @jax.jit
    def run(params_list, xs):
        return jax.lax.scan(lambda c, x: step(params_list, c, x), 0.0, xs)

    return run(params_list, xs)


def main():
    cfg = EnsembleConfig()
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 4, 3))
    members, params = build_ensemble(cfg, xs[0])
    total_var, (means, vars_) = evaluate(members, params, xs)
    jax.tree.map(lambda a: a + 0, (total_var, means, vars_))
    return None
