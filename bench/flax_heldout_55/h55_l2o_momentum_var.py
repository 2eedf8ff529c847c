# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "momentum" in "/" because collection "opt_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 learned-optimizer module writes its 'opt_state' momentum variable inside an update closure that a config-driven unroll helper runs with jax.lax.scan
"""Learned optimizer (L2O) meta-training unroll: a per-parameter MLP proposes updates from the
gradient and a momentum accumulator kept in the module's 'opt_state' collection. The unroll
length comes from a small dataclass config and the loop sits in a helper."""
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


def unroll(step_fn, theta0, cfg):
    theta, losses = scan(step_fn, theta0, None, length=cfg.unroll_steps)
    return theta, losses


class LearnedOptimizer(nn.Module):
    cfg: UnrollConfig = UnrollConfig()

    @nn.compact
    def __call__(self, theta0):
        mlp = nn.Sequential([nn.Dense(8), nn.relu, nn.Dense(1)])
        momentum = self.variable("opt_state", "momentum", jnp.zeros_like, theta0)
        mlp(jnp.zeros(theta0.shape + (2,)))

        def update(theta, _):
            loss, g = jax.value_and_grad(quadratic_task)(theta)
            momentum.value = self.cfg.beta * momentum.value + (1 - self.cfg.beta) * g
            feats = jnp.stack([g, momentum.value], -1)
            return theta - 0.1 * mlp(feats)[..., 0], loss

        return unroll(update, theta0, self.cfg)


def main():
    lopt = LearnedOptimizer()
    theta0 = jnp.zeros((6,))
    variables = lopt.init(jax.random.key(0), theta0)
    theta, losses = lopt.apply(variables, theta0)
    losses.block_until_ready()
    return None
