# label: ok
# flax-error: none
# class: 3 a pipeline stores partial(critic.apply, critic_vars) and calls it in eval mode (running averages only read) inside a raw fori_loop refinement
"""Encoder -> decoder -> critic pipeline with iterative refinement of the latent."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, z):
        return nn.Dense(6)(nn.relu(z))


class Critic(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(8)(x)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.Dense(1)(h).squeeze(-1)


class Pipeline:
    def __init__(self, stages, variables, iters=3):
        self.encode = functools.partial(stages["encoder"].apply, variables["encoder"])
        self.decode = functools.partial(stages["decoder"].apply, variables["decoder"])
        self.critic = functools.partial(stages["critic"].apply, variables["critic"])
        self.iters = iters

    def refine(self, x):
        z0 = self.encode(x)

        def body(i, z):
            grad = jax.grad(lambda z_: self.critic(self.decode(z_)).sum())(z)
            return z + 0.1 * grad

        z = lax.fori_loop(0, self.iters, body, z0)
        return self.decode(z)


def main():
    x = jnp.ones((4, 6))
    stages = {"encoder": Encoder(), "decoder": Decoder(), "critic": Critic(train=False)}
    keys = jax.random.split(jax.random.key(0), 3)
    variables = {
        "encoder": stages["encoder"].init(keys[0], x),
        "decoder": stages["decoder"].init(keys[1], jnp.ones((4, 4))),
        "critic": Critic(train=False).init(keys[2], x),
    }
    Pipeline(stages, variables).refine(x)
    return None
