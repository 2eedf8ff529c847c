# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body in ImaginationAgent.train differentiates and updates self.actor through self.optimizer (agent -> actor / optimizer)

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

DETER, ACTIONS, HORIZON = 6, 2, 3


class Actor(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(DETER, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, ACTIONS, rngs=rngs)

    def __call__(self, h):
        return jnp.tanh(self.l2(nnx.elu(self.l1(h))))


class LatentDynamics(nnx.Module):
    def __init__(self, *, rngs):
        self.cell = nnx.GRUCell(ACTIONS, DETER, rngs=rngs)
        self.reward = nnx.Linear(DETER, 1, rngs=rngs)

    def __call__(self, h, action):
        h, _ = self.cell(h, action)
        return h, self.reward(h)[..., 0]


def actor_loss(actor, dynamics, start):
    h, ret = start, 0.0
    for t in range(HORIZON):
        h, r = dynamics(h, actor(h))
        ret = ret + (0.95 ** t) * r
    return -jnp.mean(ret)


class ImaginationAgent:
    def __init__(self, seed=0):
        rngs = nnx.Rngs(seed)
        self.actor = Actor(rngs=rngs)
        self.dynamics = LatentDynamics(rngs=rngs)
        self.optimizer = nnx.Optimizer(self.actor, optax.adam(1e-3), wrt=nnx.Param)

    def train(self, start, num_updates):
        def update(i, total):
            loss, grads = nnx.value_and_grad(actor_loss)(self.actor, self.dynamics, start)
            self.optimizer.update(self.actor, grads)
            return total + loss

        return jax.lax.fori_loop(0, num_updates, update, jnp.zeros(()))


def main():
    agent = ImaginationAgent()
    start = jax.random.normal(jax.random.key(3), (4, DETER))
    total = agent.train(start, num_updates=3)
    jax.block_until_ready(total)
