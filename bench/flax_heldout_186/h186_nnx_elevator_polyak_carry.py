# label: ok
# flax-error: none
# class: 4 the target network is reached through agent.nets.target and agent.target_sync (a PolyakSync helper); its Param state enters the fori_loop carry, the helper blends it there and nnx.update runs after the loop
"""Elevator group dispatching: a DQN agent picks which car answers a hall call. The online network
is trained with a fori_loop of TD steps; the target network follows it by Polyak averaging."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DispatchQNet(nnx.Module):
    def __init__(self, n_obs: int, n_cars: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_obs, 32, rngs=rngs)
        self.q = nnx.Linear(32, n_cars, rngs=rngs)

    def __call__(self, obs):
        return self.q(nnx.relu(self.hidden(obs)))


class QNetPair(nnx.Module):
    def __init__(self, n_obs, n_cars, rngs: nnx.Rngs):
        self.online = DispatchQNet(n_obs, n_cars, rngs)
        self.target = DispatchQNet(n_obs, n_cars, rngs)
        nnx.update(self.target, nnx.state(self.online, nnx.Param))


@dataclass(frozen=True)
class PolyakSync:
    tau: float = 0.01

    def blend(self, target_params, online_params):
        return jax.tree.map(lambda t, o: (1 - self.tau) * t + self.tau * o, target_params, online_params)

    def __call__(self, target: nnx.Module, online_params):
        nnx.update(target, self.blend(nnx.state(target, nnx.Param), online_params))


class DispatchAgent:
    def __init__(self, nets: QNetPair, gamma=0.97, lr=0.01, tau=0.01):
        self.nets = nets
        self.target_sync = PolyakSync(tau)
        self.gamma, self.lr = gamma, lr

    def train(self, batch, steps: int):
        obs, actions, rewards, next_obs = batch
        graphdef, online_state = nnx.split(self.nets.online)
        next_q = self.nets.target(next_obs).max(axis=-1)

        def td_loss(params):
            q = nnx.merge(graphdef, params)(obs)
            taken = jnp.take_along_axis(q, actions[:, None], axis=-1)[:, 0]
            return jnp.mean((taken - rewards - self.gamma * next_q) ** 2)

        def body(i, carry):
            params, target_params = carry
            grads = jax.grad(td_loss)(params)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            target_params = self.target_sync.blend(target_params, params)
            return params, target_params

        carry = (online_state, nnx.state(self.nets.target, nnx.Param))
        online_state, target_params = lax.fori_loop(0, steps, body, carry)
        nnx.update(self.nets.online, online_state)
        nnx.update(self.nets.target, target_params)


def main():
    keys = jax.random.split(jax.random.key(0), 4)
    obs = jax.random.normal(keys[0], (32, 14))
    next_obs = jax.random.normal(keys[1], (32, 14))
    actions = jax.random.randint(keys[2], (32,), 0, 3)
    rewards = -jax.random.uniform(keys[3], (32,))
    agent = DispatchAgent(QNetPair(14, 3, nnx.Rngs(1)))
    agent.train((obs, actions, rewards, next_obs), steps=5)
    agent.nets.target(obs).block_until_ready()
    return None
