# label: ok
# flax-error: none
# class: 4 a Learner builds a partial of a module-level Fisher estimator whose fori_loop body takes jax.grad of model.apply with the params passed in explicitly
"""Continual learning with elastic weight consolidation: estimate a diagonal Fisher after each task."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EWCConfig:
    hidden: int = 16
    num_classes: int = 3
    fisher_samples: int = 6
    ewc_lambda: float = 10.0


class TaskNet(nn.Module):
    cfg: EWCConfig

    @nn.compact
    def __call__(self, x):
        for width in (self.cfg.hidden, self.cfg.hidden):
            x = nn.relu(nn.Dense(width)(x))
        return nn.Dense(self.cfg.num_classes)(x)


def log_likelihood(model, params, x, label):
    logits = model.apply({"params": params}, x[None])[0]
    return jax.nn.log_softmax(logits)[label]


def estimate_fisher(model, params, xs, labels, num_samples):
    zeros = jax.tree.map(jnp.zeros_like, params)

    def accumulate(i, fisher):
        grads = jax.grad(functools.partial(log_likelihood, model))(params, xs[i], labels[i])
        return jax.tree.map(lambda f, g: f + g ** 2 / num_samples, fisher, grads)

    return jax.lax.fori_loop(0, num_samples, accumulate, zeros)


class Learner:
    def __init__(self, model, params, cfg):
        self.model, self.params, self.cfg = model, params, cfg
        self.anchors = []
        self._fisher_fn = jax.jit(functools.partial(estimate_fisher, model, num_samples=cfg.fisher_samples))

    def consolidate(self, xs, labels):
        fisher = self._fisher_fn(self.params, xs, labels)
        self.anchors.append((self.params, fisher))

    def penalty(self, params):
        total = 0.0
        for anchor, fisher in self.anchors:
            sq = jax.tree.map(lambda p, a, f: jnp.sum(f * (p - a) ** 2), params, anchor, fisher)
            total = total + sum(jax.tree.leaves(sq))
        return 0.5 * self.cfg.ewc_lambda * total


def main():
    cfg = EWCConfig()
    model = TaskNet(cfg)
    xs = jax.random.normal(jax.random.key(0), (cfg.fisher_samples, 5))
    labels = jax.random.randint(jax.random.key(1), (cfg.fisher_samples,), 0, cfg.num_classes)
    params = model.init(jax.random.key(2), xs)["params"]
    learner = Learner(model, params, cfg)
    learner.consolidate(xs, labels)
    shifted = jax.tree.map(lambda p: p + 0.01, params)
    float(learner.penalty(shifted))
    return None
