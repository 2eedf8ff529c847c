# label: ok
# flax-error: none
# class: 4 learned-optimizer module reads its 'opt_state' momentum once and threads it through the carry of an update closure that a config-driven unroll helper runs with jax.lax.scan
"""Learned optimizer (L2O) meta-training unroll: a per-parameter MLP proposes updates from the
gradient and a momentum accumulator whose initial value is kept in the module's 'opt_state'
collection and is threaded through the scan carry. The unroll length comes from a small
dataclass config and the loop sits in a helper."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class UnrollConfig:
    unroll_steps: int = 5
    beta: float = 0.9


def quadratic_task(theta):
    return jnp.sum((theta - 1.0) ** 2)


def unroll(step_fn, carry0, cfg):
    carry, losses = scan(step_fn, carry0, None, length=cfg.unroll_steps)
    return carry, losses


class LearnedOptimizer(nn.Module):
    cfg: UnrollConfig = UnrollConfig()

    @nn.compact
    def __call__(self, theta0):
        mlp = nn.Sequential([nn.Dense(8), nn.relu, nn.Dense(1)])
        momentum = self.variable("opt_state", "momentum", jnp.zeros_like, theta0)
        mlp(jnp.zeros(theta0.shape + (2,)))

        def update(carry, _):
            theta, m = carry
            loss, g = jax.value_and_grad(quadratic_task)(theta)
            m = self.cfg.beta * m + (1 - self.cfg.beta) * g
            feats = jnp.stack([g, m], -1)
            return (theta - 0.1 * mlp(feats)[..., 0], m), loss

        (theta, _), losses = unroll(update, (theta0, momentum.value), self.cfg)
        return theta, losses


def main():
    lopt = LearnedOptimizer()
    theta0 = jnp.zeros((6,))
    variables = lopt.init(jax.random.key(0), theta0)
    theta, losses = lopt.apply(variables, theta0)
    losses.block_until_ready()
    return None
