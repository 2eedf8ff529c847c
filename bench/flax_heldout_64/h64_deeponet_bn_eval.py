# label: ok
# flax-error: none
# class: 3 a DeepONet branch with BatchNorm in eval mode is reached through a functools.partial step helper scanned over time
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Branch(nn.Module):
    p: int = 8
    train: bool = True

    @nn.compact
    def __call__(self, u):
        h = nn.Dense(16)(u)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        return nn.Dense(self.p)(nn.tanh(h))


class Trunk(nn.Module):
    p: int = 8

    @nn.compact
    def __call__(self, y):
        return nn.Dense(self.p)(nn.tanh(nn.Dense(16)(y)))


def operator_step(branch, trunk, grid, u, _):
    b = branch(u)                     # [batch, p]
    t = trunk(grid)                   # [n, p]
    u_next = jnp.einsum("bp,np->bn", b, t)
    return u_next, None


class DeepONetStepper(nn.Module):
    steps: int = 4
    train: bool = True

    @nn.compact
    def __call__(self, u0, grid):
        branch = Branch(train=self.train)
        trunk = Trunk()
        body = functools.partial(operator_step, branch, trunk, grid)
        if self.is_initializing():
            body(u0, None)  # create params and batch_stats outside the scan
        u, _ = scan(body, u0, None, length=self.steps)
        return u


def main():
    grid = jnp.linspace(0, 1, 10)[:, None]
    u0 = jnp.sin(jnp.pi * grid[:, 0])[None].repeat(3, 0)
    variables = DeepONetStepper(train=True).init(jax.random.PRNGKey(0), u0, grid)
    # rollout for evaluation: running statistics are read, not updated
    u = DeepONetStepper(train=False).apply(variables, u0, grid)
    u.block_until_ready()
    return None
