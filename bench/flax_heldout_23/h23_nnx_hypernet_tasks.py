# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 fori_loop body -> functools.partial(task_loss) -> WeightLoader.load -> nnx.update on the held target network
"""Hypernetwork that emits the weights of a small regression network per task.

Tasks come in two families (sine and linear) with separate hypernetwork
heads selected by `lax.switch`; the generated weights are loaded into a
target network which is then evaluated on the task's support set.
"""
import dataclasses
import functools
import math

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class HyperConfig:
    task_dim: int = 3
    hidden: int = 8
    n_tasks: int = 4


class TargetNet(nnx.Module):
    def __init__(self, hidden, rngs):
        self.l1 = nnx.Linear(1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class WeightLoader:
    """Maps a flat weight vector onto the variables of a target module."""

    def __init__(self, target):
        self.target = target
        _, state = nnx.split(target, nnx.Param)
        leaves, self.treedef = jax.tree.flatten(state)
        self.shapes = [l.shape for l in leaves]
        self.size = sum(math.prod(s) for s in self.shapes)

    def load(self, flat):
        offsets = [0]
        for s in self.shapes:
            offsets.append(offsets[-1] + math.prod(s))
        arrays = [flat[a:b].reshape(s) for a, b, s in zip(offsets, offsets[1:], self.shapes)]
        nnx.update(self.target, jax.tree.unflatten(self.treedef, arrays))


class HyperNet(nnx.Module):
    def __init__(self, cfg: HyperConfig, n_out: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(cfg.task_dim, 32, rngs=rngs)
        self.heads = nnx.List([nnx.Linear(32, n_out, rngs=rngs) for _ in range(2)])

    def __call__(self, family, emb):
        h = nnx.relu(self.trunk(emb))
        return lax.switch(family, [lambda z: 0.1 * self.heads[0](z), lambda z: 0.1 * self.heads[1](z)], h)


def task_loss(hyper, loader, tasks, i, total):
    family, emb, x, y = (t[i] for t in tasks)
    loader.load(hyper(family, emb))
    return total + jnp.mean((loader.target(x) - y) ** 2)


def main():
    cfg = HyperConfig()
    target = TargetNet(cfg.hidden, nnx.Rngs(0))
    loader = WeightLoader(target)
    hyper = HyperNet(cfg, loader.size, nnx.Rngs(1))
    family = jnp.array([0, 1, 0, 1])
    emb = jax.random.normal(jax.random.key(2), (cfg.n_tasks, cfg.task_dim))
    x = jnp.tile(jnp.linspace(-1, 1, 10)[None, :, None], (cfg.n_tasks, 1, 1))
    y = jnp.where(family[:, None, None] == 0, jnp.sin(3 * x), 0.5 * x)
    body = functools.partial(task_loss, hyper, loader, (family, emb, x, y))
    total = lax.fori_loop(0, cfg.n_tasks, body, 0.0)
    float(total)
    return None
