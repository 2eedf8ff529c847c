# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/Processor_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a module-level rollout receives functools.partial(model.apply, variables, train=True) and calls it in the raw scan body
"""Learned particle simulator (GNS-style encode-process-decode) rolled out autoregressively."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Processor(nn.Module):
    latent: int = 32

    @nn.compact
    def __call__(self, h, senders, receivers, train):
        msg = nn.Dense(self.latent)(jnp.concatenate([h[senders], h[receivers]], -1))
        agg = jax.ops.segment_sum(msg, receivers, num_segments=h.shape[0])
        h = h + nn.relu(nn.Dense(self.latent)(jnp.concatenate([h, agg], -1)))
        return nn.BatchNorm(use_running_average=not train)(h)


class GNS(nn.Module):
    latent: int = 32

    @nn.compact
    def __call__(self, pos, vel, senders, receivers, train: bool = False):
        h = nn.Dense(self.latent)(jnp.concatenate([pos, vel], -1))
        h = Processor(self.latent)(h, senders, receivers, train)
        return nn.Dense(pos.shape[-1])(h)  # acceleration


def rollout(step_fn, pos, vel, steps, dt=0.01):
    def body(carry, _):
        p, v = carry
        a = step_fn(p, v)
        v = v + dt * a
        p = p + dt * v
        return (p, v), p

    _, traj = jax.lax.scan(body, (pos, vel), None, length=steps)
    return traj


def main():
    n = 16
    pos = jax.random.uniform(jax.random.key(0), (n, 2))
    vel = jnp.zeros((n, 2))
    senders = jnp.arange(n)
    receivers = (jnp.arange(n) + 1) % n
    model = GNS()
    variables = model.init(jax.random.key(1), pos, vel, senders, receivers)
    step_fn = functools.partial(model.apply, variables, senders=senders, receivers=receivers, train=True)
    traj = rollout(step_fn, pos, vel, steps=8)
    traj.block_until_ready()
